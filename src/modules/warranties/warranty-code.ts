import { randomInt } from 'node:crypto'

/**
 * Warranty codes: `WR-` and 12 symbols of Crockford's base32 (no I, L, O, U), grouped by
 * four, e.g. `WR-7Q2K-9XMD-P4TB`. Eleven random symbols (55 bits) and a check symbol.
 *
 * The check symbol makes the code a word of a code over GF(32): with α a generator of
 * GF(32)* (the field built on x⁵ + x² + 1), the body is read as a polynomial evaluated at α
 * by Horner's rule, r = Σ dᵢ·α^(n−i), and the check is c = α·r, so that a valid code
 * satisfies α·r + c = 0. Changing one symbol by e ≠ 0 changes the sum by e·αᵏ ≠ 0, and
 * swapping two different symbols at positions i ≠ j changes it by (x − y)(αⁱ − αʲ) ≠ 0
 * (α has order 31 > 12): every single-symbol typo and every transposition is caught.
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const CODE_PREFIX = 'WR-'
const BODY_LENGTH = 11
const SYMBOLS = BODY_LENGTH + 1

/** Multiplication by α = x in GF(2⁵) modulo x⁵ + x² + 1. */
function timesAlpha(value: number): number {
  const shifted = value << 1
  return shifted & 0b100000 ? shifted ^ 0b100101 : shifted
}

function syndrome(values: readonly number[]): number {
  let r = 0
  for (const v of values) r = timesAlpha(r) ^ v
  return r
}

/** The check symbol of a body (symbols of CODE_ALPHABET). */
export function checkSymbol(body: string): string {
  const values = [...body].map((ch) => CODE_ALPHABET.indexOf(ch))
  if (values.some((v) => v < 0)) throw new Error('not a warranty code body')
  return CODE_ALPHABET[timesAlpha(syndrome(values))]!
}

function format(symbols: string): string {
  return `${CODE_PREFIX}${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8, 12)}`
}

/** A fresh random code in canonical form. */
export function generateWarrantyCode(random: (max: number) => number = randomInt): string {
  let body = ''
  for (let i = 0; i < BODY_LENGTH; i++) body += CODE_ALPHABET[random(CODE_ALPHABET.length)]
  return format(body + checkSymbol(body))
}

/**
 * The canonical form of what a person typed, or null when it is not a valid code.
 * Tolerates any case, spaces and dashes, a missing `WR-`, and Crockford's look-alikes
 * (I and L read as 1, O as 0); a wrong check symbol answers null.
 */
export function parseWarrantyCode(input: string): string | null {
  let symbols = input.toUpperCase().replace(/[\s-]+/g, '')
  if (symbols.length === SYMBOLS + 2 && symbols.startsWith('WR')) symbols = symbols.slice(2)
  if (symbols.length !== SYMBOLS) return null
  symbols = symbols.replace(/[IL]/g, '1').replace(/O/g, '0')
  const values = [...symbols].map((ch) => CODE_ALPHABET.indexOf(ch))
  if (values.some((v) => v < 0)) return null
  return syndrome(values) === 0 ? format(symbols) : null
}
