import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db, Tx } from '../../db/client.js'
import { isForeignKeyViolation } from '../../db/sql-helpers.js'
import { AppError } from '../../errors.js'
import { type PageRequest, type PageResult, paginate } from '../../http/pagination.js'
import { createOneTimeToken, hashToken } from '../../lib/one-time-tokens.js'
import type { MailOutbox } from '../mail/index.js'
import { normalizeEmail } from '../users/index.js'
import type { ReceiptBlobs } from './receipt-blobs.js'
import { findReceipt } from './receipts.repository.js'
import {
  findSharedReceipt,
  insertShare,
  listShares,
  revokeShare,
  type ShareRow,
} from './shares.repository.js'
import type { ShareLinkView, SharePreviewView, ShareView } from './shares.schemas.js'

/** How long a share link works (CONTRACT.md, Receipts). */
export const SHARE_TTL_MS = 30 * 24 * 60 * 60 * 1000

export const receiptNotFound = () => new AppError('not_found', 'No such receipt')
const shareNotFound = () => new AppError('not_found', 'No such share')

export function toShare(row: ShareRow, now = new Date()): ShareView {
  return {
    id: row.id,
    receiptId: row.receiptId,
    toEmail: row.toEmail,
    status: row.revokedAt ? 'REVOKED' : row.expiresAt <= now ? 'EXPIRED' : 'ACTIVE',
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Share links of one receipt: random (256 bits), stored as a SHA-256 hash, 30 days; e-mailed
 * through the outbox in the transaction that creates them, or answered once for the customer
 * to copy. Whoever holds the link sees the image and the extracted data, never who owns the
 * receipt.
 */
export class SharesService {
  constructor(
    private readonly deps: {
      db: Db
      limiter: RateLimiter
      blobs: ReceiptBlobs
      publicApiUrl: string
      sharesPerHour: number
    },
    private readonly shared: { mailOutbox: MailOutbox },
  ) {}

  /** Creates a link and e-mails it to `toEmail`; limited per customer (429 with Retry-After). */
  async share(customerId: string, receiptId: string, toEmail: string): Promise<ShareView> {
    const to = normalizeEmail(toEmail)
    const { share } = await this.create(customerId, receiptId, to, async (tx, row, url) => {
      await this.shared.mailOutbox.enqueue(tx, {
        to,
        content: { template: 'receipt.share', data: { url, expiresAt: row.expiresAt } },
        about: { type: 'receipt_share', id: row.id },
      })
    })
    return share
  }

  /**
   * Creates a link for the customer to copy and hand over themselves (no e-mail): answered once
   * with its address, under the same limit as e-mailed shares, listed and revoked like them.
   */
  async link(customerId: string, receiptId: string): Promise<ShareLinkView> {
    const { share, url } = await this.create(customerId, receiptId, null, async () => {})
    return { ...share, url }
  }

  private async create(
    customerId: string,
    receiptId: string,
    toEmail: string | null,
    then: (tx: Tx, row: ShareRow, url: string) => Promise<void>,
  ): Promise<{ share: ShareView; url: string }> {
    if (!(await findReceipt(this.deps.db, customerId, receiptId))) throw receiptNotFound()
    const limit = await this.deps.limiter.hit(`receipts:share:${customerId}`, {
      limit: this.deps.sharesPerHour,
      windowMs: 3600_000,
    })
    if (!limit.allowed) {
      throw new AppError(
        'too_many_requests',
        'Too many shares, try again later',
        undefined,
        limit.retryAfterSeconds,
      )
    }
    try {
      return await this.deps.db.transaction(async (tx) => {
        const { token, hash } = createOneTimeToken()
        const expiresAt = new Date(Date.now() + SHARE_TTL_MS)
        const row = await insertShare(tx, { receiptId, customerId, tokenHash: hash, toEmail, expiresAt })
        const url = `${this.deps.publicApiUrl}/v1/global/receipt-share/${token}`
        await then(tx, row, url)
        return { share: toShare(row), url }
      })
    } catch (err) {
      // The receipt was deleted since it was looked up.
      if (isForeignKeyViolation(err)) throw receiptNotFound()
      throw err
    }
  }

  async list(customerId: string, receiptId: string, query: PageRequest): Promise<PageResult<ShareView>> {
    if (!(await findReceipt(this.deps.db, customerId, receiptId))) throw receiptNotFound()
    const now = new Date()
    return paginate(
      query,
      (window) => listShares(this.deps.db, customerId, receiptId, window),
      (row) => toShare(row, now),
    )
  }

  /** The link stops working at once; revoking again answers the same. */
  async revoke(customerId: string, shareId: string): Promise<ShareView> {
    const row = await revokeShare(this.deps.db, customerId, shareId)
    if (!row) throw shareNotFound()
    return toShare(row)
  }

  /** What the link shows; null for an unknown, expired or revoked link. */
  async preview(token: string): Promise<SharePreviewView | null> {
    const found = await findSharedReceipt(this.deps.db, hashToken(token))
    if (!found) return null
    const { receipt } = found
    return {
      receipt: {
        ocrData: receipt.ocrData ?? null,
        contentType: receipt.contentType,
        byteSize: receipt.byteSize,
        width: receipt.width,
        height: receipt.height,
        imageUrl: `${this.deps.publicApiUrl}/v1/global/receipt-share/${encodeURIComponent(token)}/image`,
        createdAt: receipt.createdAt.toISOString(),
      },
      expiresAt: found.expiresAt.toISOString(),
    }
  }

  /** The shared image (the stored, metadata-free bytes); null for a link that does not work. */
  async image(token: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    const found = await findSharedReceipt(this.deps.db, hashToken(token))
    if (!found) return null
    return this.deps.blobs.read(found.receipt.imageKey)
  }
}
