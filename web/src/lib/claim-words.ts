// The claim landing's words, singular or plural by the number of warranties the link puts in
// the wallet (the e-mail's own and any others waiting for the same address). The e-mail names
// one warranty, so the landing speaks of that one first.
import { plural, t } from './i18n.js'

export interface ClaimWords {
  /** After "{shop} registered a warranty for {e-mail}.": the others waiting, or empty. */
  others: string
  /** What adding does. */
  hint: string
}

export function claimWords(warrantyCount: number): ClaimWords {
  // The link's own warranty is always one of them (a gift's is counted before it moves).
  const count = Math.max(1, warrantyCount)
  if (count === 1) return { others: '', hint: t('claim.hintOne') }
  return { others: plural('claim.others', count - 1), hint: t('claim.hintMany') }
}
