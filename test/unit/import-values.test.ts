import { describe, expect, it } from 'vitest'
import { CsvReader } from '../../src/modules/imports/import-csv.js'
import { readHeader, toImportLine } from '../../src/modules/imports/import-rows.js'
import { readAmount, readDate, readInteger } from '../../src/modules/imports/import-values.js'

// The cells a spreadsheet exports (docs/bulk-issuance.md, "Dates and amounts"): each accepted
// form read as the JSON API's value, each refused one with its stable reason.

const day = (d: string) => `${d}T00:00:00.000Z`

describe('readDate', () => {
  it.each([
    ['ISO day', '2025-03-02', day('2025-03-02')],
    ['ISO day, one-digit month and day', '2025-3-2', day('2025-03-02')],
    ['ISO day with a time (UTC)', '2025-03-02 14:30', '2025-03-02T14:30:00.000Z'],
    ['ISO day with seconds', '2025-03-02 14:30:15', '2025-03-02T14:30:15.000Z'],
    ['year first with slashes', '2025/03/02', day('2025-03-02')],
    ['day.month.year (always day first)', '02.03.2025', day('2025-03-02')],
    ['day.month.year, short parts', '2.3.2025', day('2025-03-02')],
    ['a slash date that reads one way: day over 12', '13/02/2025', day('2025-02-13')],
    ['a slash date that reads one way: month second over 12', '02/13/2025', day('2025-02-13')],
    ['a slash date whose day and month are equal', '05/05/2025', day('2025-05-05')],
    ['an Excel serial day', '45718', day('2025-03-02')],
    ['an Excel serial with half a day', '45718.5', '2025-03-02T12:00:00.000Z'],
    ['29 February of a leap year', '29.02.2024', day('2024-02-29')],
    ['blanks around it', '  2025-03-02 ', day('2025-03-02')],
  ])('reads %s: %s', (_label, cell, expected) => {
    expect(readDate(cell)).toEqual({ value: expected })
  })

  it('passes an ISO date-time on as it is (the issue schema checks it, as in the JSON API)', () => {
    expect(readDate('2025-03-02T10:00:00Z')).toEqual({ value: '2025-03-02T10:00:00Z' })
    expect(readDate('2025-03-02T10:00:00+02:00')).toEqual({ value: '2025-03-02T10:00:00+02:00' })
  })

  it('reads an ambiguous slash date in the order dateFormat names, and refuses it without', () => {
    expect(readDate('03/02/2025', 'DMY')).toEqual({ value: day('2025-02-03') })
    expect(readDate('03/02/2025', 'MDY')).toEqual({ value: day('2025-03-02') })
    expect(readDate('03/02/2025')).toMatchObject({ reason: 'date_ambiguous' })
    // With a format, a date that does not fit it is no date (13 is no month).
    expect(readDate('02/13/2025', 'DMY')).toMatchObject({ reason: 'date_invalid' })
    // Dotted dates are day first whatever the option says.
    expect(readDate('03.02.2025', 'MDY')).toEqual({ value: day('2025-02-03') })
  })

  it.each([
    ['a day that does not exist', '31.02.2025'],
    ['29 February of a common year', '2025-02-29'],
    ['month 13', '2025-13-01'],
    ['a two-digit year', '02/03/25'],
    [
      'day-month-year with dashes (ambiguous with nothing, but not a form a spreadsheet writes)',
      '02-03-2025',
    ],
    ['words', 'yesterday'],
    ['a month name', '2 March 2025'],
    ['an Excel serial before 1 March 1900', '60'],
    ['a number too large to be a day', '99999999'],
    ['a time that does not exist', '2025-03-02 25:00'],
    ['four parts', '2025-03-02-01'],
    ['empty parts', '2025--02'],
    ['a very long cell', '1'.repeat(200)],
  ])('refuses %s (date_invalid): %s', (_label, cell) => {
    expect(readDate(cell)).toMatchObject({ reason: 'date_invalid' })
  })
})

describe('readAmount', () => {
  it.each([
    ['a decimal point', '49.90', 49.9],
    ['a decimal comma', '49,90', 49.9],
    ['one decimal', '49,9', 49.9],
    ['no decimals', '49', 49],
    ['thousands by commas, a decimal point', '1,234.56', 1234.56],
    ['thousands by dots, a decimal comma', '1.234,56', 1234.56],
    ['thousands by spaces', '1 234,56', 1234.56],
    ['thousands by no-break spaces', '1\u00A0234,56', 1234.56],
    ['thousands by narrow no-break spaces', '1\u202F234,56', 1234.56],
    ['thousands by apostrophes (Swiss)', "1'234.56", 1234.56],
    ['several thousands groups', '1.234.567,89', 1234567.89],
    ['thousands without decimals', '1,234,567', 1234567],
    ['a euro sign before', '€49,90', 49.9],
    ['a euro sign after, with a space', '49,90 €', 49.9],
    ['the ISO code before', 'EUR 1.234,56', 1234.56],
    ['the ISO code after', '49.90 EUR', 49.9],
    ['a leading point', '.5', 0.5],
  ])('reads %s: %s', (_label, cell, expected) => {
    expect(readAmount(cell, 'EUR')).toEqual({ value: expected })
  })

  it('takes a currency mark only when it fits the merchant’s currency', () => {
    expect(readAmount('$49.90', 'USD')).toEqual({ value: 49.9 })
    expect(readAmount('US$49.90', 'USD')).toEqual({ value: 49.9 })
    expect(readAmount('£12.50', 'GBP')).toEqual({ value: 12.5 })
    expect(readAmount('CHF 1’234.50', 'CHF')).toEqual({ value: 1234.5 })
    expect(readAmount('$49.90', 'EUR')).toMatchObject({ reason: 'currency_mismatch' })
    expect(readAmount('49.90 USD', 'EUR')).toMatchObject({ reason: 'currency_mismatch' })
    expect(readAmount('€49.90', 'GBP')).toMatchObject({ reason: 'currency_mismatch' })
  })

  it('refuses a single separator before exactly three digits: thousands or decimals? (number_ambiguous)', () => {
    expect(readAmount('1,234', 'EUR')).toMatchObject({ reason: 'number_ambiguous' })
    expect(readAmount('1.234', 'EUR')).toMatchObject({ reason: 'number_ambiguous' })
    expect(readAmount('10.001', 'EUR')).toMatchObject({ reason: 'number_ambiguous' })
  })

  it.each([
    ['words', 'twelve'],
    ['two decimal marks', '1.234.56'],
    ['three decimals after a thousands group', '1,234.567'],
    ['a thousands group of two', '1,23,456.00'],
    ['a first group of four', '1234,567.00'],
    ['a decimal mark then a group mark', '12,34.56'],
    ['marks at both ends', '€49.90€'],
    ['a long mark', 'Euros 49.90'],
    ['nothing but a mark', '€'],
    ['an exponent', '1e5'],
    ['a very long cell', '9'.repeat(100)],
  ])('refuses %s (number_invalid): %s', (_label, cell) => {
    expect(readAmount(cell, 'EUR')).toMatchObject({ reason: 'number_invalid' })
  })

  it('leaves the range to the issue rules (a negative or zero price is the schema’s refusal)', () => {
    expect(readAmount('-5,00', 'EUR')).toEqual({ value: -5 })
    expect(readAmount('0', 'EUR')).toEqual({ value: 0 })
  })
})

describe('readInteger', () => {
  it('reads whole months, also as a spreadsheet writes them with a zero fraction', () => {
    expect(readInteger('24')).toEqual({ value: 24 })
    expect(readInteger('24.0')).toEqual({ value: 24 })
    expect(readInteger('24,00')).toEqual({ value: 24 })
    expect(readInteger('-3')).toEqual({ value: -3 })
  })
  it.each(['twelve', '1.5', '12,5', '', '1e3', '1 000'])('refuses %j', (cell) => {
    expect(readInteger(cell)).toMatchObject({ reason: 'number_invalid' })
  })
})

describe('a line of a spreadsheet export', () => {
  /** The lines of a CSV body as the import stores them. */
  function lines(csv: string, options = {}) {
    const reader = new CsvReader(64 * 1024)
    const records = [...reader.push(Buffer.from(csv)), ...reader.end()]
    const [header, ...data] = records
    const columns = readHeader(header!)
    return data.map((r) => toImportLine(columns, r, options))
  }

  it('reads a European Excel export: BOM, semicolons, comma decimals, dotted dates, a euro sign', () => {
    const csv =
      '\uFEFFserialNumber;purchaseDate;purchasePrice;warrantyDurationMonths\r\n' +
      'SN-1;02.03.2025;"1.234,50 €";24\r\n' +
      'SN-2;13/03/2025;49,90;\r\n'
    expect(lines(csv, { currency: 'EUR' })).toEqual([
      {
        line: 2,
        item: {
          serialNumber: 'SN-1',
          purchaseDate: day('2025-03-02'),
          purchasePrice: 1234.5,
          warrantyDurationMonths: 24,
        },
      },
      { line: 3, item: { serialNumber: 'SN-2', purchaseDate: day('2025-03-13'), purchasePrice: 49.9 } },
    ])
  })

  it('reports every cell it cannot read, each with its column and stable reason', () => {
    const [line] = lines('serialNumber,purchaseDate,purchasePrice\nSN-1,03/02/2025,$5.00\n', {
      currency: 'EUR',
    })
    expect(line).toMatchObject({
      line: 2,
      error: {
        code: 'validation_error',
        details: [
          { path: '/purchaseDate', reason: 'date_ambiguous' },
          { path: '/purchasePrice', reason: 'currency_mismatch' },
        ],
      },
    })
  })

  it('reads the ambiguous date in the order of the upload’s dateFormat', () => {
    const [line] = lines('serialNumber,purchaseDate\nSN-1,03/02/2025\n', { dateFormat: 'MDY' })
    expect(line).toEqual({ line: 2, item: { serialNumber: 'SN-1', purchaseDate: day('2025-03-02') } })
  })
})
