// The claim landing's words, singular or plural by the number of warranties the link puts in
// the wallet (the e-mail's own and any others waiting for the same address). The e-mail names
// one warranty, so the landing speaks of that one first.

export interface ClaimWords {
  /** After "{shop} registered a warranty for {e-mail}.": the others waiting, or empty. */
  others: string
  /** What adding does. */
  hint: string
}

export function claimWords(warrantyCount: number): ClaimWords {
  // The link's own warranty is always one of them (a gift's is counted before it moves).
  const count = Math.max(1, warrantyCount)
  if (count === 1)
    return {
      others: '',
      hint: 'Add it to your wallet to see its certificate, the days left, and to get a reminder before it ends.',
    }
  const more = count - 1
  return {
    others: `${more === 1 ? 'One more warranty is' : `${more} more warranties are`} waiting for this address.`,
    hint: 'Add them to your wallet to see their certificates, the days left, and to get a reminder before each one ends.',
  }
}
