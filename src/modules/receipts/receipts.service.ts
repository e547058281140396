import type { Static } from 'typebox'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { QuotasConfig } from '../../config/limits.js'
import type { Db, DbOrTx } from '../../db/client.js'
import type { ReceiptOcrData, ReceiptSource } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { type PageResult, paginate } from '../../http/pagination.js'
import { lockUser } from '../users/index.js'
import { findFolder, lockFolder } from './folders.repository.js'
import { folderNotFound } from './folders.service.js'
import type { ReceiptBlobs } from './receipt-blobs.js'
import { editedOcrData } from './receipt-edit.js'
import { decodeImageBase64, prepareReceiptImage } from './receipt-image.js'
import {
  deleteReceipt,
  findReceipt,
  insertReceipt,
  listReceipts,
  lockReceipt,
  type ReceiptRow,
  receiptUsage,
  searchTextOf,
  updateReceipt,
} from './receipts.repository.js'
import type {
  EditReceiptInput,
  OcrDataInput,
  ReceiptDeleted,
  ReceiptListInput,
  ReceiptView,
  ReceiptWithImageView,
} from './receipts.schemas.js'
import { receiptNotFound } from './shares.service.js'
import { suggestWarranty } from './warranty-match.js'
import { findClaimedWarranty } from './warranty-match.repository.js'

/** What H3's inbound e-mail hands over: one attachment of one message. */
export interface InboundReceipt {
  customerId: string
  /** The `inbound_messages` row the attachment came with. */
  inboundMessageId: string
  bytes: Uint8Array
  /** The attachment's file name (kept in logs only; the type is sniffed from the bytes). */
  filename: string
}

interface SaveOptions {
  source: ReceiptSource
  ocrData?: ReceiptOcrData | undefined
  folderId?: string | undefined
  inboundMessageId?: string | undefined
}

/**
 * A customer's receipts: saved through the blob protocol (`ReceiptBlobs`), read, filed in
 * folders, linked to a warranty of the wallet; always the caller's own (another's: 404).
 */
export class ReceiptsService {
  constructor(
    private readonly deps: {
      db: Db
      blobs: ReceiptBlobs
      publicApiUrl: string
      maxPixels: number
      /** Asks for an OCR run (after a save that left a receipt PENDING). */
      wakeOcr: () => void
      /** Saves per customer (RATE_LIMIT_RECEIPT_SAVES, the limiter's `receiptSaves`). */
      limiter: RateLimiter
      /** QUOTA_RECEIPTS_PER_CUSTOMER and QUOTA_RECEIPT_BYTES_PER_CUSTOMER. */
      quotas: Pick<QuotasConfig, 'receiptsPerCustomer' | 'receiptBytesPerCustomer'>
    },
  ) {}

  /** `POST /v1/customer/receipts`: with `ocrData` saved as given (NONE), else OCR runs after the save. */
  async save(
    customerId: string,
    body: { imageBase64: string; ocrData?: OcrDataInput | undefined; folderId?: string | undefined },
  ): Promise<ReceiptView> {
    // Before any work: a folder that is not the customer's is a 404 whatever the image.
    if (body.folderId && !(await findFolder(this.deps.db, customerId, body.folderId))) throw folderNotFound()
    const bytes = decodeImageBase64(body.imageBase64)
    const row = await this.store(customerId, bytes, {
      source: 'upload',
      ocrData: body.ocrData,
      folderId: body.folderId,
    })
    return this.toView(row)
  }

  /**
   * A receipt from an e-mail attachment (the inbound mail feature): the same save path, source
   * `email`, OCR after the save. Throws the image pipeline's 4xx `AppError` for an attachment
   * that is not a usable image or PDF.
   */
  async saveFromInbound(input: InboundReceipt): Promise<{ id: string }> {
    const row = await this.store(input.customerId, input.bytes, {
      source: 'email',
      inboundMessageId: input.inboundMessageId,
    })
    return { id: row.id }
  }

  /**
   * Every save (the API and the customer's inbox) passes here: limited per customer (429
   * `too_many_requests`), then held to the customer's storage quota (409 `receipt_quota_exceeded`),
   * checked before the image is worked on and again, under the customer's lock, with its size.
   */
  private async store(customerId: string, bytes: Uint8Array, options: SaveOptions): Promise<ReceiptRow> {
    const { limiter } = this.deps
    const limit = await limiter.hit(`receipts:save:${customerId}`, limiter.limits.receiptSaves)
    if (!limit.allowed) {
      throw new AppError(
        'too_many_requests',
        'Too many receipts saved, try again later',
        undefined,
        limit.retryAfterSeconds,
      )
    }
    await this.withinQuota(this.deps.db, customerId, 0)
    const prepared = await prepareReceiptImage(bytes, { maxPixels: this.deps.maxPixels })
    const data = options.ocrData ?? null
    const suggestedWarrantyId = data ? await suggestWarranty(this.deps.db, customerId, data) : null
    const inputs = [
      { bytes: prepared.image, contentType: prepared.contentType },
      ...(prepared.thumbnail ? [prepared.thumbnail] : []),
    ]
    const row = await this.deps.blobs.save(inputs, async (tx, [image, thumbnail]) => {
      if (!image) throw new Error('the image was not stored')
      if (options.folderId && !(await lockFolder(tx, customerId, options.folderId))) throw folderNotFound()
      await lockUser(tx, customerId)
      await this.withinQuota(tx, customerId, image.byteSize)
      return insertReceipt(tx, {
        customerId,
        folderId: options.folderId ?? null,
        imageKey: image.key,
        thumbnailKey: thumbnail?.key ?? null,
        contentType: prepared.contentType,
        byteSize: image.byteSize,
        width: prepared.width,
        height: prepared.height,
        ocrData: data,
        ocrStatus: data ? 'NONE' : 'PENDING',
        searchText: searchTextOf(data),
        source: options.source,
        inboundMessageId: options.inboundMessageId ?? null,
        suggestedWarrantyId,
      })
    })
    if (row.ocrStatus === 'PENDING') this.deps.wakeOcr()
    return row
  }

  /** One more receipt of `byteSize` bytes stays within the customer's quota, else 409. */
  private async withinQuota(db: DbOrTx, customerId: string, byteSize: number): Promise<void> {
    const { receiptsPerCustomer, receiptBytesPerCustomer } = this.deps.quotas
    const used = await receiptUsage(db, customerId)
    if (used.count + 1 > receiptsPerCustomer || used.bytes + byteSize > receiptBytesPerCustomer) {
      throw new AppError(
        'receipt_quota_exceeded',
        `The receipt storage quota (${receiptsPerCustomer} receipts, ${receiptBytesPerCustomer} bytes) is used up: delete receipts first`,
      )
    }
  }

  async list(customerId: string, query: ReceiptListInput): Promise<PageResult<ReceiptView>> {
    const filter = {
      folderId: query.folderId,
      warrantyId: query.warrantyId,
      text: query.q?.trim().toLowerCase() || undefined,
    }
    return paginate(
      query,
      (window) => listReceipts(this.deps.db, customerId, filter, window),
      (row) => this.toView(row),
    )
  }

  /** One receipt with its stored image inline. */
  async get(customerId: string, id: string): Promise<ReceiptWithImageView> {
    const row = await this.mine(customerId, id)
    const image = await this.stored(row.imageKey)
    return { ...this.toView(row), imageBase64: Buffer.from(image.bytes).toString('base64') }
  }

  /** The stored image or thumbnail (a receipt without a thumbnail: 404 on `thumbnail`). */
  async image(
    customerId: string,
    id: string,
    which: 'image' | 'thumbnail',
  ): Promise<{ bytes: Uint8Array; contentType: string }> {
    const row = await this.mine(customerId, id)
    const key = which === 'image' ? row.imageKey : row.thumbnailKey
    if (!key) throw new AppError('not_found', 'This receipt has no thumbnail')
    return this.stored(key)
  }

  /** Deletes the receipt; its objects leave the blob store after the commit, when nothing else uses them. */
  async remove(customerId: string, id: string): Promise<Static<typeof ReceiptDeleted>> {
    const row = await this.deps.db.transaction((tx) => deleteReceipt(tx, customerId, id))
    if (!row) throw receiptNotFound()
    await this.deps.blobs.release([row.imageKey, row.thumbnailKey])
    return { id, deleted: true }
  }

  /**
   * The customer corrects what was read (merchant, date, total, items; an empty string removes
   * one). A receipt still waiting for OCR keeps what the customer typed: it is NONE from then on
   * and the reading's late answer changes nothing (`recordOcr` writes only PENDING receipts).
   * Unless a warranty was confirmed, the suggested warranty is worked out again from the new data.
   */
  async edit(customerId: string, id: string, changes: EditReceiptInput): Promise<ReceiptView> {
    const row = await this.deps.db.transaction(async (tx) => {
      const current = await lockReceipt(tx, customerId, id)
      if (!current) return null
      const data = editedOcrData(current.ocrData, changes)
      return updateReceipt(tx, customerId, id, {
        ocrData: data,
        searchText: searchTextOf(data),
        suggestedWarrantyId: current.warrantyId ? null : await suggestWarranty(tx, customerId, data),
        ...(current.ocrStatus === 'PENDING' ? { ocrStatus: 'NONE' as const } : {}),
      })
    })
    if (!row) throw receiptNotFound()
    return this.toView(row)
  }

  /** Files the receipt in the customer's folder, or in none (`null` or absent). */
  async moveToFolder(customerId: string, id: string, folderId: string | null): Promise<ReceiptView> {
    const row = await this.deps.db.transaction(async (tx) => {
      if (folderId && !(await lockFolder(tx, customerId, folderId))) throw folderNotFound()
      return updateReceipt(tx, customerId, id, { folderId })
    })
    if (!row) throw receiptNotFound()
    return this.toView(row)
  }

  /**
   * The customer confirms the receipt proves a warranty: only their own claimed warranty (else
   * 404). `null` unlinks. Either way the suggestion is settled and cleared.
   */
  async confirmWarranty(customerId: string, id: string, warrantyId: string | null): Promise<ReceiptView> {
    await this.mine(customerId, id)
    if (warrantyId && !(await findClaimedWarranty(this.deps.db, customerId, warrantyId))) {
      throw new AppError('not_found', 'No such warranty in your wallet')
    }
    const row = await updateReceipt(this.deps.db, customerId, id, { warrantyId, suggestedWarrantyId: null })
    if (!row) throw receiptNotFound()
    return this.toView(row)
  }

  private async mine(customerId: string, id: string): Promise<ReceiptRow> {
    const row = await findReceipt(this.deps.db, customerId, id)
    if (!row) throw receiptNotFound()
    return row
  }

  private async stored(key: string): Promise<{ bytes: Uint8Array; contentType: string }> {
    const blob = await this.deps.blobs.read(key)
    // A row without its object: the save protocol prevents it, so it is a fault, not a 404.
    if (!blob) throw new Error(`blob ${key} is missing from the store`)
    return blob
  }

  toView(row: ReceiptRow): ReceiptView {
    const base = `${this.deps.publicApiUrl}/v1/customer/receipts/${row.id}`
    return {
      id: row.id,
      folderId: row.folderId,
      ocrData: row.ocrData ?? null,
      ocrStatus: row.ocrStatus,
      source: row.source,
      contentType: row.contentType,
      byteSize: row.byteSize,
      width: row.width,
      height: row.height,
      imageUrl: `${base}/image`,
      thumbnailUrl: row.thumbnailKey ? `${base}/thumbnail` : null,
      suggestedWarrantyId: row.suggestedWarrantyId,
      warrantyId: row.warrantyId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  }
}
