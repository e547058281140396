const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '—'
}

export function daysLeftInWords(days: number): string {
  if (days <= 0) return 'Expired'
  if (days === 1) return '1 day left'
  if (days < 62) return `${days} days left`
  const months = Math.round(days / 30.4)
  return `${months} months left`
}

/** A long hex value shortened for display (the full value stays in the title and the link). */
export function shortHex(value: string | null | undefined, keep = 6): string {
  if (!value) return '—'
  return value.length > keep * 2 + 3 ? `${value.slice(0, keep + 2)}…${value.slice(-keep)}` : value
}

/** A warranty's product in words. */
export function productOf(w: {
  productName: string | null
  product: { brand: string | null; model: string | null; title: string | null } | null
}): string {
  return w.productName ?? w.product?.title ?? 'Product'
}

/** Warranties that expire soonest first, expired ones last. */
export function bySoonestExpiry<T extends { daysLeft: number; expiresAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => {
    const aExpired = a.daysLeft <= 0
    const bExpired = b.daysLeft <= 0
    if (aExpired !== bExpired) return aExpired ? 1 : -1
    return a.expiresAt.localeCompare(b.expiresAt)
  })
}

/** Chain names for the chain ids a deployment is likely to use. */
export function chainName(chainId: number | null | undefined): string {
  const names: Record<number, string> = {
    1: 'Ethereum',
    10: 'Optimism',
    137: 'Polygon',
    8453: 'Base',
    42161: 'Arbitrum One',
    11155111: 'Sepolia (test network)',
    31337: 'Local development chain',
  }
  if (chainId === null || chainId === undefined) return '—'
  return `${names[chainId] ?? 'Chain'} (id ${chainId})`
}
