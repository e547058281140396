import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import type { DnsResolver } from '../../adapters/inbound-smtp/index.js'
import type { InboxConfig } from '../../config/receipts.js'
import type { Db } from '../../db/client.js'
import { AppError, type ErrorCode } from '../../errors.js'
import { type InboundMessage, parseInboundMessage } from './inbound-message.js'
import {
  completeInbound,
  deleteInbound,
  findInbound,
  findInboxRecipient,
  type InboxRecipient,
  insertInbound,
  isMerchantSenderOf,
  receiptIdsOfInbound,
} from './inbox.repository.js'
import { InboxRefusal } from './inbox-refusal.js'
import { checkSenderAuthentication } from './sender-auth.js'

/** What the inbox needs of the receipts feature: its save path for one attachment, and removal. */
export interface InboxReceipts {
  saveFromInbound(input: {
    customerId: string
    inboundMessageId: string
    bytes: Uint8Array
    filename: string
  }): Promise<{ id: string }>
  remove(customerId: string, id: string): Promise<unknown>
}

/** A message as the SMTP listener or the HTTP route hands it over. */
export interface Delivery {
  raw: Buffer
  /** Envelope sender (MAIL FROM); null for the null sender. */
  mailFrom: string | null
  recipients: readonly string[]
  /** The sending client's IP (SPF); null when unknown. */
  ip: string | null
  helo: string | null
}

export interface DeliveryResult {
  inboundMessageId: string
  receipts: number
  /** The message had been received before: nothing new was created. */
  duplicate: boolean
}

/**
 * The inbox (docs/inbound-mail.md): takes a message for existing inbox addresses only, from the
 * customer's own address or a verified sender of a merchant that issued them a warranty, only
 * when sender authentication passes; each image or PDF attachment becomes a receipt, once per
 * (customer, Message-ID) however often the message is delivered.
 */
export class InboxService {
  constructor(
    private readonly deps: {
      db: Db
      logger: Logger
      resolver: DnsResolver | null
      /** Runs `fn` alone for this key across every process (a database lock). */
      exclusive: <T>(key: number, fn: () => Promise<T>) => Promise<T>
      settings: InboxConfig
      /** INBOX_DOMAIN: `{local}@{inboxDomain}` are the addresses taken; also this host's name in replies. */
      inboxDomain: string
      receipts: InboxReceipts
    },
  ) {}

  /** At RCPT TO (and for the HTTP route): the customer of an inbox address, else a 550 refusal. */
  async recipient(address: string): Promise<InboxRecipient> {
    const at = address.lastIndexOf('@')
    const domain = address.slice(at + 1).toLowerCase()
    const found =
      at > 0 && domain === this.deps.inboxDomain.toLowerCase()
        ? await findInboxRecipient(this.deps.db, address.slice(0, at))
        : null
    if (!found) throw InboxRefusal.of('unknown_recipient', `No such inbox: ${address}`)
    return found
  }

  /** A whole message: checks it, then ingests it for each recipient's customer (once each). */
  async deliver(delivery: Delivery): Promise<DeliveryResult[]> {
    const { settings } = this.deps
    if (delivery.raw.length > settings.maxMessageBytes) {
      throw InboxRefusal.of('too_big', `Message too big: at most ${settings.maxMessageBytes} bytes`)
    }
    const customers = new Map<string, InboxRecipient>()
    for (const address of delivery.recipients) {
      const recipient = await this.recipient(address)
      customers.set(recipient.customerId, recipient)
    }
    if (customers.size === 0) throw InboxRefusal.of('unknown_recipient', 'No recipient')
    const message = await parseInboundMessage(delivery.raw, settings.maxAttachments)
    for (const recipient of customers.values()) {
      const allowed =
        message.from === recipient.customerEmail ||
        (await isMerchantSenderOf(this.deps.db, recipient, message.from))
      if (!allowed) {
        throw InboxRefusal.of(
          'sender_not_allowed',
          `${message.from} may not send to this inbox: only the customer's own address or a verified sender of a merchant that issued them a warranty`,
        )
      }
    }
    if (settings.authRequired) await this.authenticate(delivery, message)
    if (message.receipts.length === 0) {
      throw InboxRefusal.of(
        'no_receipts',
        'No receipt in the message: attach a JPEG, PNG, WebP or HEIC image or a PDF',
      )
    }
    const results: DeliveryResult[] = []
    for (const recipient of customers.values()) results.push(await this.ingestOnce(recipient, message))
    return results
  }

  private async authenticate(delivery: Delivery, message: InboundMessage): Promise<void> {
    const verdict = await checkSenderAuthentication({
      raw: delivery.raw,
      from: message.from,
      fromDomain: message.fromDomain,
      mailFrom: delivery.mailFrom,
      ip: delivery.ip,
      helo: delivery.helo,
      mta: this.deps.inboxDomain,
      resolver: this.deps.resolver,
    })
    if (verdict.ok) return
    this.deps.logger.info(
      { fromDomain: message.fromDomain, auth: verdict.summary },
      'inbound message refused: authentication',
    )
    throw InboxRefusal.of(
      verdict.temporary ? 'authentication_unavailable' : 'not_authenticated',
      `Sender authentication of ${message.fromDomain} failed: ${verdict.reason} (${verdict.summary})`,
    )
  }

  /**
   * Exactly once per (customer, Message-ID), under a lock of that pair: the inbound row is
   * written first, the receipts reference it, and the row is marked done (its receipt count)
   * last. A done row answers every redelivery with nothing new; a row left undone by a crash
   * or a failure has its receipts removed and the message ingested again.
   */
  private async ingestOnce(recipient: InboxRecipient, message: InboundMessage): Promise<DeliveryResult> {
    const { db } = this.deps
    const { customerId } = recipient
    return this.deps.exclusive(lockKeyOf(customerId, message.messageKey), async () => {
      const existing = await findInbound(db, customerId, message.messageKey)
      if (existing && existing.receiptCount > 0) {
        return { inboundMessageId: existing.id, receipts: existing.receiptCount, duplicate: true }
      }
      if (existing) await this.removeReceiptsOf(customerId, existing.id)
      const row =
        existing ??
        (await insertInbound(db, {
          customerId,
          inboxAddressId: recipient.inboxAddressId,
          messageId: message.messageKey,
          fromAddress: message.from,
          subject: message.subject,
        }))
      try {
        let saved = 0
        for (const file of message.receipts) {
          if (await this.saveOne(customerId, row.id, file)) saved++
        }
        if (saved === 0)
          throw InboxRefusal.of('no_receipts', 'None of the attachments is a readable image or PDF')
        await completeInbound(db, row.id, saved)
        this.deps.logger.info(
          { customerId, inboundMessageId: row.id, receipts: saved },
          'inbound message received',
        )
        return { inboundMessageId: row.id, receipts: saved, duplicate: false }
      } catch (err) {
        // Best effort: what is left is removed by the sender's redelivery (a 4xx/5xx made it retry or give up).
        await this.removeReceiptsOf(customerId, row.id)
          .then(() => deleteInbound(db, row.id))
          .catch((undoErr: unknown) =>
            this.deps.logger.warn({ err: undoErr }, 'could not undo an unfinished inbound message'),
          )
        throw err
      }
    })
  }

  /** One attachment; false when the image pipeline refuses the file (skipped, the rest go on). */
  private async saveOne(
    customerId: string,
    inboundMessageId: string,
    file: { bytes: Uint8Array; filename: string },
  ) {
    try {
      await this.deps.receipts.saveFromInbound({ customerId, inboundMessageId, ...file })
      return true
    } catch (err) {
      // Only a refusal of the file itself is final; anything else (busy, a fault) makes the sender retry.
      if (!(err instanceof AppError && SKIPPED.has(err.code))) throw err
      this.deps.logger.info(
        { customerId, inboundMessageId, reason: err.message },
        'inbound attachment skipped',
      )
      return false
    }
  }

  /** Removes the receipts an unfinished attempt created for this message. */
  private async removeReceiptsOf(customerId: string, inboundId: string): Promise<void> {
    for (const id of await receiptIdsOfInbound(this.deps.db, inboundId)) {
      await this.deps.receipts.remove(customerId, id).catch((err: unknown) => {
        if (!(err instanceof AppError && err.code === 'not_found')) throw err
      })
    }
  }
}

/** Errors of the image pipeline that refuse the file itself (not an image it can use, too large). */
const SKIPPED: ReadonlySet<ErrorCode> = new Set(['validation_error', 'payload_too_large'])

/** A lock key for (customer, message): 48 bits of a SHA-256, a safe integer. */
function lockKeyOf(customerId: string, messageKey: string): number {
  return createHash('sha256').update(`inbox\0${customerId}\0${messageKey}`).digest().readUIntBE(0, 6)
}
