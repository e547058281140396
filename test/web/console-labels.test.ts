import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isGs1Serial } from '../../src/modules/digital-link/digital-link.js'
import { gtinProblem } from '../../web/src/console/format.js'
import { isLabelSerial, readSerials, serialIndexOf, sheetsOf } from '../../web/src/console/labels.js'
import { formMessage } from '../../web/src/console/problems.js'

describe('the label page reads serials as the API will take them', () => {
  it('agrees with the API on which serials can be AI 21, for every string', () => {
    fc.assert(fc.property(fc.string({ maxLength: 24 }), (s) => isLabelSerial(s) === isGs1Serial(s)))
    fc.assert(fc.property(fc.stringMatching(/^[ -~]{0,22}$/), (s) => isLabelSerial(s) === isGs1Serial(s)))
  })

  it('names every bad line at once (too long, a bad character, a repeat), keeps file order, skips a header', () => {
    const text = [
      'serial',
      'SN-1',
      '',
      'has space',
      '"SN-2",2026-01-01',
      'sn-1',
      'Y'.repeat(21),
      'SN-3',
    ].join('\r\n')
    const read = readSerials(text)
    expect(read.serials).toEqual(['SN-1', 'SN-2', 'SN-3'])
    expect(read.problems.map((p) => [p.line, p.serial])).toEqual([
      [4, 'has space'],
      [6, 'sn-1'],
      [7, 'Y'.repeat(21)],
    ])
    expect(read.problems[1]?.message).toBe('repeats line 2')
    expect(read.problems[2]?.message).toMatch(/longer than 20/)
  })

  it('cuts a long run into sheets of 120, and maps the API’s /body/serials/{i} back to a serial', () => {
    const many = Array.from({ length: 250 }, (_, i) => `S${i}`)
    expect(sheetsOf(many).map((s) => s.length)).toEqual([120, 120, 10])
    expect(sheetsOf(many).flat()).toEqual(many)
    expect(serialIndexOf('/body/serials/7')).toBe(7)
    expect(serialIndexOf('serials.12')).toBe(12)
    expect(serialIndexOf('serials')).toBeNull()
  })
})

describe('console forms say each problem once', () => {
  it('a conflict shown at its field is not repeated above the form', () => {
    const message = 'A product with this SKU exists'
    expect(
      formMessage({ status: 409, error: 'conflict', message, fields: { merchantSku: message } }),
    ).toBeNull()
    expect(formMessage({ status: 409, error: 'conflict', message, fields: {} })).toBe(message)
  })

  it("a field's message stays at the field: the banner only points at it, without the API's summary", () => {
    const gtin = {
      status: 400,
      error: 'invalid_gtin',
      message: 'The GTIN is not a GTIN-8, -12, -13 or -14 with a correct GS1 check digit',
      fields: { gtin: 'must be a GTIN-8, -12, -13 or -14 with a correct GS1 check digit' },
    }
    expect(formMessage(gtin)).toBe('Please correct the marked field.')
    expect(formMessage({ ...gtin, error: 'validation_error', fields: { a: 'x', b: 'y' } })).toBe(
      'Please correct the marked fields.',
    )
  })

  it('checks a GTIN before sending, with one message', () => {
    expect(gtinProblem('9506000134352')).toBeNull()
    expect(gtinProblem(' ')).toBeNull()
    expect(gtinProblem('9506000134353')).toMatch(/^Not a GTIN/)
  })
})
