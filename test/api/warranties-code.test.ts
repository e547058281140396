import { describe, expect, it } from 'vitest'
import {
  CODE_ALPHABET,
  checkSymbol,
  generateWarrantyCode,
  parseWarrantyCode,
} from '../../src/modules/warranties/warranty-code.js'
import { addMonths, deriveExpiry } from '../../src/modules/warranties/warranty-expiry.js'

const CODE = /^WR-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/

/** The 12 symbols of a canonical code. */
const symbolsOf = (code: string) => code.slice(3).replaceAll('-', '')
const codeOf = (symbols: string) => `WR-${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`

describe('warranty codes', () => {
  it('look like WR-XXXX-XXXX-XXXX in Crockford base32 and are distinct', () => {
    const codes = new Set<string>()
    for (let i = 0; i < 5000; i++) {
      const code = generateWarrantyCode()
      expect(code).toMatch(CODE)
      expect(parseWarrantyCode(code)).toBe(code)
      codes.add(code)
    }
    expect(codes.size).toBe(5000)
  })

  it('end with the check symbol of their 11 random symbols', () => {
    const code = generateWarrantyCode()
    const symbols = symbolsOf(code)
    expect(checkSymbol(symbols.slice(0, 11))).toBe(symbols[11])
    // Drawn from the whole alphabet: a fixed draw gives a predictable code.
    expect(generateWarrantyCode(() => 0)).toBe(codeOf(`00000000000${checkSymbol('00000000000')}`))
    expect(generateWarrantyCode(() => 31)).toBe(codeOf(`ZZZZZZZZZZZ${checkSymbol('ZZZZZZZZZZZ')}`))
  })

  it('catches every single-symbol typo (any position, any other symbol)', () => {
    let tried = 0
    for (let n = 0; n < 300; n++) {
      const symbols = symbolsOf(generateWarrantyCode())
      for (let position = 0; position < symbols.length; position++) {
        for (const other of CODE_ALPHABET) {
          if (other === symbols[position]) continue
          const typo = symbols.slice(0, position) + other + symbols.slice(position + 1)
          expect(parseWarrantyCode(codeOf(typo)), `${symbols} → ${typo}`).toBeNull()
          tried++
        }
      }
    }
    expect(tried).toBe(300 * 12 * 31)
  })

  it('catches every swap of two different symbols', () => {
    for (let n = 0; n < 300; n++) {
      const symbols = symbolsOf(generateWarrantyCode())
      for (let i = 0; i < symbols.length; i++) {
        for (let j = i + 1; j < symbols.length; j++) {
          if (symbols[i] === symbols[j]) continue
          const chars = [...symbols]
          ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
          expect(parseWarrantyCode(codeOf(chars.join(''))), `${symbols} swap ${i},${j}`).toBeNull()
        }
      }
    }
  })

  it('reads what people type: any case, spaces, dashes, no prefix, I/L for 1 and O for 0', () => {
    const body = '0L1I0O01234'
    const canonicalBody = '01110001234'
    const code = codeOf(canonicalBody + checkSymbol(canonicalBody))
    const typed = body + checkSymbol(canonicalBody)
    for (const input of [
      code,
      code.toLowerCase(),
      typed,
      typed.toLowerCase(),
      `wr-${typed}`,
      `WR ${typed.slice(0, 4)} ${typed.slice(4, 8)} ${typed.slice(8)}`,
      `  WR--${typed}  `,
    ]) {
      expect(parseWarrantyCode(input), input).toBe(code)
    }
  })

  it.each([
    ['too short', 'WR-7Q2K-9XMD-P4T'],
    ['too long', 'WR-7Q2K-9XMD-P4TBB'],
    ['U is not a symbol', 'WR-UUUU-UUUU-UUUU'],
    ['another prefix', 'XX-7Q2K-9XMD-P4TB'],
    ['an e-mail', 'jane@example.com'],
    ['punctuation', 'WR.7Q2K.9XMD.P4TB'],
  ])('answers null for %s', (_label, input) => {
    expect(parseWarrantyCode(input)).toBeNull()
  })
})

describe('expiry', () => {
  it.each([
    ['2024-01-31T10:00:00.000Z', 1, '2024-02-29T10:00:00.000Z'],
    ['2023-01-31T10:00:00.000Z', 1, '2023-02-28T10:00:00.000Z'],
    ['2024-01-30T00:00:00.000Z', 1, '2024-02-29T00:00:00.000Z'],
    ['2024-03-31T12:00:00.000Z', 1, '2024-04-30T12:00:00.000Z'],
    ['2024-05-31T12:00:00.000Z', 1, '2024-06-30T12:00:00.000Z'],
    ['2024-02-29T12:00:00.000Z', 12, '2025-02-28T12:00:00.000Z'],
    ['2024-02-29T12:00:00.000Z', 48, '2028-02-29T12:00:00.000Z'],
    ['2024-11-30T12:00:00.000Z', 3, '2025-02-28T12:00:00.000Z'],
    ['2024-12-31T23:59:59.999Z', 1, '2025-01-31T23:59:59.999Z'],
    ['2024-06-15T08:30:00.000Z', 1200, '2124-06-15T08:30:00.000Z'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(expected)
  })

  it('takes expiresAt as given, else the request months, else the product months, else 12', () => {
    const now = new Date('2025-01-31T09:00:00.000Z')
    const purchaseDate = new Date('2024-10-31T09:00:00.000Z')
    const given = new Date('2030-01-01T00:00:00.000Z')
    expect(deriveExpiry({ now, expiresAt: given, purchaseDate, requestMonths: 3 })).toEqual({
      expiresAt: given,
      durationMonths: 3,
    })
    expect(deriveExpiry({ now, expiresAt: given })).toEqual({ expiresAt: given, durationMonths: null })
    const iso = (input: Parameters<typeof deriveExpiry>[0]) => {
      const r = deriveExpiry(input)
      return [r.expiresAt.toISOString(), r.durationMonths]
    }
    expect(iso({ now, purchaseDate, requestMonths: 4, productMonths: 24 })).toEqual([
      '2025-02-28T09:00:00.000Z',
      4,
    ])
    expect(iso({ now, purchaseDate, productMonths: 24 })).toEqual(['2026-10-31T09:00:00.000Z', 24])
    expect(iso({ now, purchaseDate, productMonths: null })).toEqual(['2025-10-31T09:00:00.000Z', 12])
    expect(iso({ now, requestMonths: 1 })).toEqual(['2025-02-28T09:00:00.000Z', 1])
    expect(iso({ now })).toEqual(['2026-01-31T09:00:00.000Z', 12])
  })
})
