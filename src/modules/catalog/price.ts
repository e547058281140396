import { AppError } from '../../errors.js'

/**
 * Money columns (`numeric(14,2)`) store cents exactly; more decimals would be rounded silently,
 * so they are refused (400 naming `path`, the field of the request). Exact for every 2-decimal
 * value up to the column's maximum: the nearest double to n/100 is what
 * `Math.round(price * 100) / 100` gives back (a tolerance on `price * 100` is not: its rounding
 * error grows past 1e-6 above about 10^10). The range (> 0, at most 999999999999.99) is the
 * schema's to check.
 */
export function assertPrice(price: number | null | undefined, path = '/body/price'): void {
  if (price === null || price === undefined) return
  if (Math.round(price * 100) / 100 !== price) {
    throw new AppError('validation_error', 'The price has more than 2 decimals', [
      { path, message: 'must have at most 2 decimals' },
    ])
  }
}
