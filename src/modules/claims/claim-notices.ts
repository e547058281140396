import type { Tx } from '../../db/client.js'
import type { ClaimRow, ClaimStatus } from '../../db/schema/index.js'
import { type ClaimNews, claimHeadline, type MailOutbox } from '../mail/index.js'
import type { ClaimEventType, WarrantyEvents } from '../webhooks/index.js'
import { activeStaffEmails, userEmail } from './claim-lookups.repository.js'
import type { ClaimPushes } from './claim-pushes.js'

/** What a notice names the claim by: its product, or the warranty's code when it has none. */
export interface ClaimSubject {
  claim: ClaimRow
  warrantyCode: string
  productName: string | null
}

/**
 * The claim's notifications (docs/claims.md#notifications), each written in the transaction of
 * the change that causes it: an e-mail exists if and only if the change committed, and the
 * outbox sends each once. Webhook deliveries likewise.
 */
export class ClaimNotices {
  constructor(
    private readonly deps: {
      mail: MailOutbox
      pushes: ClaimPushes
      events: WarrantyEvents | undefined
      appUrl: string
    },
  ) {}

  /**
   * An e-mail, in the customer's language (the outbox reads it from the profile), and a push to
   * each of the customer's devices (in English).
   */
  async toCustomer(tx: Tx, s: ClaimSubject, news: ClaimNews, detail: string | null = null): Promise<void> {
    if (!s.claim.customerId) return
    const to = await userEmail(tx, s.claim.customerId)
    const headline = claimHeadline(news)
    if (to) await this.send(tx, to, s, headline, detail, `${this.deps.appUrl}/claims/${s.claim.id}`, news)
    await this.deps.pushes.queue(tx, {
      claimId: s.claim.id,
      customerId: s.claim.customerId,
      title: `Claim for ${s.productName ?? s.warrantyCode}`,
      body: headline,
    })
  }

  /** Every active user of the claim's merchant (at most 50). */
  async toMerchant(tx: Tx, s: ClaimSubject, headline: string, detail: string | null = null): Promise<void> {
    const url = `${this.deps.appUrl}/merchant/claims/${s.claim.id}`
    for (const user of await activeStaffEmails(tx, { merchantId: s.claim.merchantId }))
      await this.send(tx, user.email, s, headline, detail, url)
  }

  /** Every active user of the provider the claim is assigned to (at most 50). */
  async toProvider(tx: Tx, s: ClaimSubject, headline: string, detail: string | null = null): Promise<void> {
    if (!s.claim.serviceProviderId) return
    const url = `${this.deps.appUrl}/provider/claims/${s.claim.id}`
    for (const user of await activeStaffEmails(tx, { serviceProviderId: s.claim.serviceProviderId }))
      await this.send(tx, user.email, s, headline, detail, url)
  }

  async webhook(tx: Tx, type: ClaimEventType, s: ClaimSubject, previousStatus: ClaimStatus | null) {
    const { claim } = s
    await this.deps.events?.recordClaim(tx, type, claim.merchantId, {
      claimId: claim.id,
      warrantyId: claim.warrantyId,
      warrantyCode: s.warrantyCode,
      status: claim.status,
      previousStatus,
      category: claim.category,
      outcome: claim.outcome,
      serviceProviderId: claim.serviceProviderId,
      autoApproved: claim.autoApproved,
    })
  }

  private async send(
    tx: Tx,
    to: string,
    s: ClaimSubject,
    headline: string,
    detail: string | null,
    url: string,
    news: ClaimNews | null = null,
  ): Promise<void> {
    await this.deps.mail.enqueue(tx, {
      to,
      content: {
        template: 'claim.notice',
        data: { headline, news, detail, subjectName: s.productName ?? s.warrantyCode, url },
      },
      about: { type: 'claim', id: s.claim.id },
    })
  }
}
