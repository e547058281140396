import { describe, expect, it } from 'vitest'
import { CsvReader } from '../../src/modules/imports/import-csv.js'
import { readHeader, toImportLine } from '../../src/modules/imports/import-rows.js'
import { columnOf, csvCell, templateCsv } from '../../web/src/console/import-template.js'
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../web/src/lib/format.js'

// The one formatting helper of the console and the customer app (docs/web-app.md, "Dates and
// amounts"): one style per locale, amounts in their currency, days as UTC days.

const NBSP = '\u00A0'
const NNBSP = '\u202F'

describe('formatMoney', () => {
  it('writes an amount in its currency, in the style of the locale', () => {
    expect(formatMoney(49.9, 'EUR', 'en-US')).toBe('€49.90')
    expect(formatMoney(49.9, 'EUR', 'de-DE')).toBe(`49,90${NBSP}€`)
    expect(formatMoney(1234.5, 'EUR', 'fr-FR')).toBe(`1${NNBSP}234,50${NBSP}€`)
    expect(formatMoney(1234.5, 'USD', 'en-US')).toBe('$1,234.50')
    expect(formatMoney(1234.5, 'GBP', 'en-GB')).toBe('£1,234.50')
    // The currency's own minor units: no decimals for yen.
    expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500')
  })

  it('shows a dash for no amount, and the code for a currency the browser does not know', () => {
    expect(formatMoney(null, 'EUR', 'en-US')).toBe('—')
    expect(formatMoney(undefined, 'EUR', 'en-US')).toBe('—')
    expect(formatMoney(Number.NaN, 'EUR', 'en-US')).toBe('—')
    expect(formatMoney(5, 'not a code', 'en-US')).toBe('5 not a code')
  })

  it('formats plain numbers in the locale’s style', () => {
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567')
    expect(formatNumber(1234567, 'de-DE')).toBe('1.234.567')
  })
})

describe('formatDate and formatDateTime', () => {
  it('writes a day in the locale’s one medium style (no mixed ISO and US styles)', () => {
    expect(formatDate('2026-03-02T00:00:00.000Z', 'en-US')).toBe('Mar 2, 2026')
    expect(formatDate('2026-03-02T00:00:00.000Z', 'en-GB')).toBe('2 Mar 2026')
    expect(formatDate('2026-03-02T00:00:00.000Z', 'de-DE')).toBe('02.03.2026')
    expect(formatDate('2026-03-02', 'en-GB')).toBe('2 Mar 2026')
  })

  it('shows the UTC day the service stores, whatever the moment’s own offset', () => {
    // 23:30 in New York on 1 March is 2 March in UTC: the day the certificate writes.
    expect(formatDate('2026-03-01T23:30:00-05:00', 'en-GB')).toBe('2 Mar 2026')
    expect(formatDate('2026-03-02T23:59:59.999Z', 'en-GB')).toBe('2 Mar 2026')
  })

  it('shows a dash for nothing or a value that is no date', () => {
    expect(formatDate(null)).toBe('—')
    expect(formatDate('')).toBe('—')
    expect(formatDate('next week')).toBe('—')
    expect(formatDateTime(undefined)).toBe('—')
    expect(formatDateTime('not a date')).toBe('—')
  })

  it('writes a moment with its time in the locale’s style', () => {
    const text = formatDateTime('2026-03-02T10:15:00.000Z', 'en-GB')
    expect(text).toMatch(/^\d{1,2} Mar 2026, \d{2}:\d{2}$/)
  })
})

describe('the import template', () => {
  it('is the exact header and one example line with the merchant’s real product', () => {
    const id = '5b0c8a52-4f0e-4b7a-9d9e-0a6c1d2e3f40'
    const csv = templateCsv({ id, price: 1234.5 }, new Date('2026-03-02T10:00:00Z'))
    expect(csv).toBe(
      'serialNumber,merchantProductId,customerEmail,customerName,purchaseDate,purchasePrice,invoiceNumber\r\n' +
        `SN-0001,${id},customer@example.com,Alex Example,2026-03-02,1234.50,INV-0001\r\n`,
    )
  })

  it('is a file the import reads as a warranty, without a refusal', () => {
    const id = '5b0c8a52-4f0e-4b7a-9d9e-0a6c1d2e3f40'
    const reader = new CsvReader(64 * 1024)
    const [header, line, ...rest] = [
      ...reader.push(Buffer.from(templateCsv({ id, price: null }, new Date('2026-03-02T10:00:00Z')))),
      ...reader.end(),
    ]
    expect(rest).toEqual([])
    expect(toImportLine(readHeader(header!), line!, { currency: 'EUR' })).toEqual({
      line: 2,
      item: {
        serialNumber: 'SN-0001',
        merchantProductId: id,
        customerEmail: 'customer@example.com',
        customerName: 'Alex Example',
        purchaseDate: '2026-03-02T00:00:00.000Z',
        purchasePrice: 49.9,
        invoiceNumber: 'INV-0001',
      },
    })
  })

  it('quotes a cell only when it must, and names a line error’s column', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(columnOf('/purchaseDate')).toBe('purchaseDate')
    expect(columnOf('/body')).toBeNull()
    expect(columnOf(undefined)).toBeNull()
  })
})
