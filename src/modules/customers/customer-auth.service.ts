import type { Logger } from 'pino'
import type { RateLimiter, RateLimitResult } from '../../adapters/rate-limit/index.js'
import type { Db, Tx } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { TokenService } from '../../http/tokens.js'
import { clientKey } from '../../lib/client-address.js'
import { hashToken, linkRefusal } from '../../lib/one-time-tokens.js'
import { claimLinkRefusal, consumeClaimLink, findClaimLink, reissueClaimLink } from '../claim-links/index.js'
import type { MailLanguage, MailOutbox } from '../mail/index.js'
import type { OwnershipService } from '../ownership/index.js'
import { findOrCreateCustomer, findUserById, lockUser, normalizeEmail, recordLogin } from '../users/index.js'
import { claimWalletWarranties, countWalletWarranties, findWarrantyById } from '../warranties/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'
import { createMagicLink, findMagicLink, type StoredLink, useMagicLink } from './customer-links.repository.js'
import { markVerified } from './customers.repository.js'
import type { ClaimSessionView, CustomerSessionView, LinkCheckView } from './customers.schemas.js'
import type { CustomersService } from './customers.service.js'

/** What the claim of a link given by e-mail asks of ownership's resale. */
export type ClaimLinkOwnership = Pick<OwnershipService, 'onLinkUsed' | 'offerOpen' | 'warrantiesLinkMoves'>

/** A magic link works once, for 10 minutes. */
export const MAGIC_LINK_TTL_MINUTES = 10

const tooMany = (limit: RateLimitResult) =>
  new AppError(
    'too_many_requests',
    'Too many links asked for, try again later',
    undefined,
    limit.retryAfterSeconds,
  )

/** `j***e@example.com`: enough for the owner to recognise, not enough to learn the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at)
  const domain = email.slice(at)
  return local.length <= 2 ? `${local.slice(0, 1)}***${domain}` : `${local[0]}***${local.at(-1)}${domain}`
}

type LinkKind = 'claim' | 'magic'

/** The refusal for a link that could not be used, exactly as the spec's state table says. */
function refusal(kind: LinkKind, link: StoredLink | null): AppError {
  return kind === 'claim' ? claimLinkRefusal(link) : linkRefusal(link)
}

/**
 * Password-less customer sign-in: claim links (e-mailed at issue), magic links (e-mailed on
 * request-access). Checking a link never consumes it; using it consumes it in one conditional
 * UPDATE, proves the address (the customer is verified, their warranties claimed) and answers
 * a JWT carrying the user's token version, like a staff login.
 */
export class CustomerAuthService {
  constructor(
    private readonly deps: {
      db: Db
      tokens: TokenService
      limiter: RateLimiter
      logger: Logger
      mailOutbox: MailOutbox
      appUrl: string
      customers: CustomersService
      /** Merchants' webhooks: `warranty.claimed`, in the claiming transaction. */
      events?: WarrantyEvents
      /**
       * Resale by e-mail: a used link may complete a gift (`onLinkUsed`, in its transaction), and
       * a gift's link is renewed only while the offer is open (`offerOpen`).
       */
      ownership?: ClaimLinkOwnership
    },
  ) {}

  async validateClaim(claimId: string): Promise<LinkCheckView> {
    const link = await findClaimLink(this.deps.db, hashToken(claimId))
    return this.check('claim', link, link?.merchantName ?? null)
  }

  async validateMagic(token: string): Promise<LinkCheckView> {
    return this.check('magic', await findMagicLink(this.deps.db, hashToken(token)), null)
  }

  /**
   * Consumes a claim link: a session, the wallet's first page and the focused warranty if it is
   * theirs (the one asked for, else the warranty the link was e-mailed for).
   */
  async claim(claimId: string, focusWarrantyId?: string): Promise<ClaimSessionView> {
    const hash = hashToken(claimId)
    const linked = focusWarrantyId ? null : await findClaimLink(this.deps.db, hash)
    const session = await this.signIn(
      (tx) => consumeClaimLink(tx, hash),
      async () => refusal('claim', await findClaimLink(this.deps.db, hash)),
    )
    const { customers } = this.deps
    const [wallet, focus] = await Promise.all([
      customers.wallet(session.user.id, {}),
      customers.focus(session.user.id, focusWarrantyId ?? linked?.warrantyId ?? undefined),
    ])
    return { ...session, wallet, focus }
  }

  async magicLink(token: string): Promise<CustomerSessionView> {
    const hash = hashToken(token)
    return this.signIn(
      (tx) => useMagicLink(tx, hash),
      async () => refusal('magic', await findMagicLink(this.deps.db, hash)),
    )
  }

  /**
   * E-mails a fresh claim link for the warranty of a known claim id (open, expired or used) to
   * the customer the link was e-mailed to; that customer's earlier open links of the warranty
   * stop working. A link of a warranty given by e-mail is renewed only while the offer is open. An unknown id is counted and answered
   * the same way, and nothing is sent. Limited per claim id and per client address (IPv6: its
   * /64), then, before a message goes, per customer e-mail address and per merchant (429
   * `too_many_requests` each; RATE_LIMIT_RESEND_LINK_* settings).
   */
  async resendLink(claimId: string, clientAddress: string): Promise<void> {
    const { db, limiter } = this.deps
    const { limits } = limiter
    const hash = hashToken(claimId)
    for (const [key, rule] of [
      [`customer:resend-link:${hash}`, limits.resendLinkPerClaim],
      [`customer:resend-link:client:${clientKey(clientAddress)}`, limits.resendLinkPerAddress],
    ] as const) {
      const limit = await limiter.hit(key, rule)
      if (!limit.allowed) throw tooMany(limit)
    }
    const link = await findClaimLink(db, hash)
    const warrantyId = link?.warrantyId
    if (!warrantyId) return
    const target = await findWarrantyById(db, warrantyId)
    if (!target) return
    const email = link.customerId === target.customerId ? target.customerEmail : link.customerEmail
    for (const [key, rule] of [
      [`customer:resend-link:email:${hashToken(email ?? '')}`, limits.resendLinkPerEmail],
      [`customer:resend-link:merchant:${target.merchantId}`, limits.resendLinkPerMerchant],
    ] as const) {
      const limit = await limiter.hit(key, rule)
      if (!limit.allowed) throw tooMany(limit)
    }
    await db.transaction(async (tx) => {
      const warranty = await findWarrantyById(tx, warrantyId)
      if (!warranty) return
      if (link.customerId === warranty.customerId) {
        if (warranty.customerEmail) await reissueClaimLink(tx, this.deps, warranty, warranty.customerId)
        return
      }
      // A link of a warranty given by e-mail: a fresh one goes to the same new owner while the
      // offer is open (never to the giver, and the giver's own links are left alone).
      if (!(await this.deps.ownership?.offerOpen(tx, warrantyId, link.customerId))) return
      await reissueClaimLink(
        tx,
        this.deps,
        { ...warranty, customerEmail: link.customerEmail, customerName: null },
        link.customerId,
      )
    })
  }

  /**
   * E-mails a magic link, creating the customer when the address is unknown; known and unknown
   * addresses take the same statements (see `findOrCreateCustomer`) and get the same answer.
   * Over a limit, per address asked for or per client address: the same answer, nothing sent,
   * a warning logged (without the address).
   */
  async requestAccess(
    email: string,
    clientAddress: string,
    /** The request's Accept-Language best match: the e-mail's language when the profile names none. */
    language: MailLanguage | null = null,
  ): Promise<void> {
    const { db, limiter, mailOutbox, appUrl } = this.deps
    const address = normalizeEmail(email)
    const [byEmail, byClient] = await Promise.all([
      limiter.hit(`customer:access:email:${hashToken(address)}`, limiter.limits.accessPerEmail),
      limiter.hit(`customer:access:client:${clientKey(clientAddress)}`, limiter.limits.accessPerAddress),
    ])
    if (!byEmail.allowed || !byClient.allowed) {
      this.deps.logger.warn(
        { clientAddress, perEmail: !byEmail.allowed, perClient: !byClient.allowed },
        'request-access over its limit: no sign-in link sent',
      )
      return
    }
    await db.transaction(async (tx) => {
      const customer = await findOrCreateCustomer(tx, address)
      const token = await createMagicLink(tx, customer.id, MAGIC_LINK_TTL_MINUTES * 60_000)
      await mailOutbox.enqueue(tx, {
        to: address,
        content: {
          template: 'customer.magic-link',
          data: { url: `${appUrl}/auth/magic?token=${token}`, expiresInMinutes: MAGIC_LINK_TTL_MINUTES },
        },
        about: { type: 'customer', id: customer.id },
        language,
      })
    })
  }

  private async check(
    kind: LinkKind,
    /** A claim link names its warranty (`warrantyId`); a magic link none. */
    link: (StoredLink & { warrantyId?: string | null }) | null,
    merchantName: string | null,
  ): Promise<LinkCheckView> {
    if (!link || link.usedAt || link.expiresAt <= new Date()) throw refusal(kind, link)
    return {
      valid: true,
      email: maskEmail(link.customerEmail),
      merchantName,
      // Those of the wallet, and a gift's warranty, which becomes theirs only when the link is used.
      warrantyCount:
        (await countWalletWarranties(this.deps.db, link.customerId)) +
        (kind === 'claim' ? ((await this.deps.ownership?.warrantiesLinkMoves(this.deps.db, link)) ?? 0) : 0),
      expiresAt: link.expiresAt.toISOString(),
    }
  }

  /**
   * Consumes a link and signs its customer in, in one transaction: the customer row locked (an
   * issue to the same address waits, then sees the customer verified), the address marked
   * proved, every warranty of the customer claimed. Nothing consumed: `refuse` says why.
   */
  private async signIn(
    consume: (tx: Tx) => Promise<{ customerId: string } | null>,
    refuse: () => Promise<AppError>,
  ): Promise<CustomerSessionView> {
    const user = await this.deps.db.transaction(async (tx) => {
      const link = await consume(tx)
      if (!link) return null
      await lockUser(tx, link.customerId)
      const found = await findUserById(tx, link.customerId)
      if (found?.role !== 'CUSTOMER') throw new AppError('invalid_link')
      if (found.status === 'SUSPENDED') throw new AppError('account_suspended')
      await markVerified(tx, found.id)
      await this.deps.ownership?.onLinkUsed(tx, link)
      const claimed = await claimWalletWarranties(tx, found.id)
      await this.deps.events?.record(tx, 'warranty.claimed', claimed)
      await recordLogin(tx, found.id, new Date())
      return found
    })
    if (!user) throw await refuse()
    const token = await this.deps.tokens.issue({ sub: user.id, role: 'CUSTOMER', tv: user.tokenVersion })
    return {
      token,
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: 'CUSTOMER',
        merchantId: null,
        merchantName: null,
        merchantRole: null,
      },
    }
  }
}
