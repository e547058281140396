import type { Static } from 'typebox'
import type { RateLimiter, RateLimitRule } from '../../adapters/rate-limit/index.js'
import type { Db, Tx } from '../../db/client.js'
import type { SenderAddressRow } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { type PageRequest, type PageResult, paginate } from '../../http/pagination.js'
import { createOneTimeToken, hashToken } from '../../lib/one-time-tokens.js'
import type { MailOutbox } from '../mail/index.js'
import { merchantName } from '../merchants/index.js'
import { normalizeEmail } from '../users/index.js'
import {
  deleteSenderAddress,
  findSenderAddress,
  insertSenderAddress,
  listSenderAddresses,
  replaceVerifyToken,
  verifyByTokenHash,
} from './sender-addresses.repository.js'
import type { SenderAddress, SenderDeleted, VerifyResponse } from './sender-addresses.schemas.js'

export type SenderAddressResponse = Static<typeof SenderAddress>

/** How long a verification link works. */
export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000
// Limits (settings, src/config/limits.ts): verification resends per sender address
// (`senderResend`), registrations per merchant (`senderRegister`), and verification e-mails per
// target address across every merchant (`senderVerificationEmail`): no one can make the service
// flood an address, however many merchants ask.

const TOO_MANY_EMAILS = 'Too many verification e-mails, try again later'

/** The per-address counter's key: a hash, so that no address sits in the (shared) limiter store. */
const addressKey = (email: string) => `sender:mail:${hashToken(normalizeEmail(email))}`

const notFound = () => new AppError('not_found', 'No such sender address')

export function toSenderAddressResponse(row: SenderAddressRow): SenderAddressResponse {
  return {
    id: row.id,
    email: row.email,
    status: row.verifiedAt ? 'VERIFIED' : 'PENDING',
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verificationExpiresAt: row.verifiedAt ? null : (row.verifyExpiresAt?.toISOString() ?? null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Addresses a merchant sends receipts from, each confirmed by a link e-mailed to it. */
export class SenderAddressesService {
  constructor(
    readonly deps: { db: Db; limiter: RateLimiter; publicApiUrl: string },
    readonly shared: { mailOutbox: MailOutbox },
  ) {}

  async list(merchantId: string, query: PageRequest): Promise<PageResult<SenderAddressResponse>> {
    return paginate(
      query,
      (window) => listSenderAddresses(this.deps.db, merchantId, window),
      toSenderAddressResponse,
    )
  }

  /**
   * Registers an address (lower-cased) and e-mails it a verification link; taken: 409 conflict.
   * Limited per merchant and per target address (429); only a registration that would e-mail
   * counts (a 409 does not), and one refused by a limit leaves nothing behind.
   */
  async register(merchantId: string, email: string): Promise<SenderAddressResponse> {
    return this.deps.db.transaction(async (tx) => {
      const { token, hash } = createOneTimeToken()
      const row = await insertSenderAddress(tx, {
        merchantId,
        email: normalizeEmail(email),
        verifyTokenHash: hash,
        verifyExpiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
      })
      if (!row) throw new AppError('conflict', 'This merchant already has this sender address')
      await this.limit(`sender:register:${merchantId}`, this.deps.limiter.limits.senderRegister)
      await this.limit(addressKey(row.email), this.deps.limiter.limits.senderVerificationEmail)
      await this.emailVerification(tx, row, token)
      return toSenderAddressResponse(row)
    })
  }

  /** A fresh link; the previous one stops working. Already verified: 409 invalid_state. */
  async resendVerification(merchantId: string, id: string): Promise<SenderAddressResponse> {
    const existing = await findSenderAddress(this.deps.db, merchantId, id)
    if (!existing) throw notFound()
    if (existing.verifiedAt) throw new AppError('invalid_state', 'The sender address is already verified')
    await this.limit(`sender:resend:${id}`, this.deps.limiter.limits.senderResend)
    await this.limit(addressKey(existing.email), this.deps.limiter.limits.senderVerificationEmail)
    return this.deps.db.transaction(async (tx) => {
      const { token, hash } = createOneTimeToken()
      const row = await replaceVerifyToken(tx, merchantId, id, {
        verifyTokenHash: hash,
        verifyExpiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
      })
      if (!row) {
        const now = await findSenderAddress(tx, merchantId, id)
        if (!now) throw notFound()
        throw new AppError('invalid_state', 'The sender address is already verified')
      }
      await this.emailVerification(tx, row, token)
      return toSenderAddressResponse(row)
    })
  }

  async remove(merchantId: string, id: string): Promise<Static<typeof SenderDeleted>> {
    if (!(await deleteSenderAddress(this.deps.db, merchantId, id))) throw notFound()
    return { id, deleted: true }
  }

  /**
   * Confirms the address of a current verification token. An unknown, expired, replaced or
   * already used token answers null (the route says 404): the token is forgotten once used.
   */
  async verify(token: string): Promise<Static<typeof VerifyResponse> | null> {
    const row = await verifyByTokenHash(this.deps.db, hashToken(token))
    return row ? { verified: true, email: row.email } : null
  }

  /** Counts one hit; over the rule: 429 with Retry-After (one message for every limit here). */
  private async limit(key: string, rule: RateLimitRule): Promise<void> {
    const result = await this.deps.limiter.hit(key, rule)
    if (!result.allowed) {
      throw new AppError('too_many_requests', TOO_MANY_EMAILS, undefined, result.retryAfterSeconds)
    }
  }

  private async emailVerification(tx: Tx, row: SenderAddressRow, token: string): Promise<void> {
    await this.shared.mailOutbox.enqueue(tx, {
      to: row.email,
      content: {
        template: 'sender.verification',
        data: {
          merchantName: await merchantName(tx, row.merchantId),
          email: row.email,
          verifyUrl: `${this.deps.publicApiUrl}/v1/global/sender-verify/${token}`,
        },
      },
      about: { type: 'sender_address', id: row.id },
    })
  }
}
