/** Months of warranty when neither the request nor the merchant product says. */
export const DEFAULT_WARRANTY_MONTHS = 12

/**
 * Adds calendar months in UTC, keeping the time of day; a day that the target month lacks
 * becomes its last day (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(date: Date, months: number): Date {
  const monthIndex = date.getUTCMonth() + months
  const year = date.getUTCFullYear() + Math.floor(monthIndex / 12)
  const month = ((monthIndex % 12) + 12) % 12
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const result = new Date(
    Date.UTC(
      year,
      month,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  )
  // Date.UTC maps years 0 to 99 to 1900 to 1999.
  result.setUTCFullYear(year)
  return result
}

/**
 * docs/api.md (Issuing): `expiresAt` as given; else the purchase date (or the issue time) plus the
 * duration in months, from the request, else from the merchant product, else 12.
 * Answers the expiry and the duration the warranty records.
 */
export function deriveExpiry(input: {
  expiresAt?: Date
  purchaseDate?: Date
  requestMonths?: number
  productMonths?: number | null
  now: Date
}): { expiresAt: Date; durationMonths: number | null } {
  if (input.expiresAt) return { expiresAt: input.expiresAt, durationMonths: input.requestMonths ?? null }
  const months = input.requestMonths ?? input.productMonths ?? DEFAULT_WARRANTY_MONTHS
  return { expiresAt: addMonths(input.purchaseDate ?? input.now, months), durationMonths: months }
}
