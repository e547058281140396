/**
 * Claim links, in one place: the link (a random claim id stored as its hash, 14 days), the
 * e-mail that carries it, and its redemption's rules. Links are created and e-mailed at issue
 * and on the merchant's resend (warranties), on a gift by e-mail (ownership) and on the
 * customer's resend-link; they are checked and consumed by the customer's claim (customers:
 * POST /v1/customer/auth/claim, which signs the customer in). Below those features: it uses no
 * feature but the mail outbox.
 */
export {
  consumeClaimLink,
  expireOpenClaimLinks,
  findClaimLink,
  type StoredClaimLink,
} from './claim-links.repository.js'
export {
  CLAIM_EMAIL_TEMPLATE,
  type ClaimedWarranty,
  type ClaimMailer,
  emailClaimLink,
  reissueClaimLink,
} from './claim-mail.js'
export { claimLinkRefusal } from './claim-refusal.js'
