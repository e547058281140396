import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hasGtinCheckDigit } from '../../src/modules/catalog/gtin.js'
import { addMonths } from '../../src/modules/warranties/warranty-expiry.js'
import { derivedExpiry, isGtin } from '../../web/src/console/format.js'

// The console shows the expiry before sending and checks a GTIN before sending: both must
// agree with what the API computes and accepts, for every input.
describe('the console form rules agree with the API', () => {
  it('the derived expiry is the API’s: purchase date + months, a missing day clamped to the month’s last', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: 240 }),
        (date, months) => {
          const day = date.toISOString().slice(0, 10)
          const expected = addMonths(new Date(`${day}T00:00:00Z`), months)
          expect(derivedExpiry(day, months)?.toISOString()).toBe(expected.toISOString())
        },
      ),
    )
    expect(derivedExpiry('2026-01-31', 1)?.toISOString().slice(0, 10)).toBe('2026-02-28')
    expect(derivedExpiry('2026-01-31', 0)).toBeNull()
  })

  it('the GTIN check is the API’s', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{7,15}$/), (gtin) => {
        expect(isGtin(gtin)).toBe(hasGtinCheckDigit(gtin))
      }),
    )
    expect(isGtin('4006381333931')).toBe(true)
    expect(isGtin('4006381333932')).toBe(false)
  })
})
