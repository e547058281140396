import { AppError } from '../../errors.js'

/** GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN) or GTIN-14: the digits the schemas accept. */
export const GTIN_PATTERN = '^([0-9]{8}|[0-9]{12,14})$'

/** True when the last digit is the GS1 check digit of the others (weights 3, 1, 3, … from the right). */
export function hasGtinCheckDigit(gtin: string): boolean {
  if (!new RegExp(GTIN_PATTERN).test(gtin)) return false
  const digits = [...gtin].map(Number)
  const check = digits.pop()
  const sum = digits.reverse().reduce((acc, digit, i) => acc + digit * (i % 2 === 0 ? 3 : 1), 0)
  return (10 - (sum % 10)) % 10 === check
}

/** Throws a 400 naming `path` unless `gtin` (when given) carries a correct check digit. */
export function assertGtin(gtin: string | null | undefined, path = '/body/gtin'): void {
  if (gtin === null || gtin === undefined || hasGtinCheckDigit(gtin)) return
  throw new AppError('validation_error', 'The GTIN check digit is wrong', [
    { path, message: 'must be a GTIN-8, -12, -13 or -14 with a correct GS1 check digit' },
  ])
}
