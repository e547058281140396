// One style per locale for every date and amount the console and the customer app show
// (docs/web-app.md, "Dates and amounts"): the app's language chooses the style (./i18n.ts; the
// browser's own in the console), these helpers are the only place that formats. `locale` is
// for tests; pages leave it out.
import { formatLocale, plural, t } from './i18n.js'

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined
  if (!format) {
    format = make()
    formats.set(key, format)
  }
  return format
}

/**
 * A date as a day, in the locale's medium style ("2 Mar 2026", "02.03.2026", "Mar 2, 2026").
 * Days are UTC days: the day the service stores (a purchase date entered as a day is UTC midnight)
 * and the day the certificate writes, so the merchant, the customer and the certificate agree
 * wherever they are.
 */
export function formatDate(iso: string | null | undefined, locale = formatLocale()): string {
  if (!iso) return '—'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  const format = cached(
    `d:${locale ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  )
  return format.format(date)
}

/** A moment (a sign-in, an audit entry, a message) in the locale's style, in the viewer's time zone. */
export function formatDateTime(iso: string | null | undefined, locale = formatLocale()): string {
  if (!iso) return '—'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  const format = cached(
    `t:${locale ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  )
  return format.format(date)
}

/**
 * An amount in its currency (ISO 4217), in the locale's style: "€49.90", "49,90 €", "CHF 1’234.50".
 * A currency the browser does not know is shown as its code beside the number.
 */
export function formatMoney(
  amount: number | null | undefined,
  currency: string,
  locale = formatLocale(),
): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—'
  try {
    const format = cached(
      `m:${locale ?? ''}:${currency}`,
      () => new Intl.NumberFormat(locale, { style: 'currency', currency }),
    )
    return format.format(amount)
  } catch {
    return `${formatNumber(amount, locale)} ${currency}`
  }
}

/** A count or a plain number in the locale's style ("1,234", "1.234"). */
export function formatNumber(value: number, locale = formatLocale()): string {
  return cached(`n:${locale ?? ''}`, () => new Intl.NumberFormat(locale)).format(value)
}

export function daysLeftInWords(days: number): string {
  if (days <= 0) return t('daysLeft.expired')
  if (days < 62) return plural('daysLeft.days', days)
  return plural('daysLeft.months', Math.round(days / 30.4))
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
  return w.productName ?? w.product?.title ?? t('product')
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
    11155111: t('chain.sepolia'),
    31337: t('chain.local'),
  }
  if (chainId === null || chainId === undefined) return '—'
  return t('chain.withId', { name: names[chainId] ?? t('chain.unknown'), id: chainId })
}
