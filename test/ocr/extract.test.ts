import { describe, expect, it } from 'vitest'
import { dateOrderFor, findDates } from '../../src/adapters/ocr/extract/dates.js'
import { detectCurrency, findAmounts } from '../../src/adapters/ocr/extract/money.js'
import { extractReceipt } from '../../src/adapters/ocr/extract/receipt-extract.js'

const receipt = (...lines: string[]) => extractReceipt(lines.join('\n'))

describe('amounts', () => {
  it('reads US, European and Swiss number formats and the signs of discounts', () => {
    expect(findAmounts('TOTAL $1,234.56').map((a) => a.value)).toEqual([1234.56])
    expect(findAmounts('SUMME 1.234,56 EUR').map((a) => a.value)).toEqual([1234.56])
    expect(findAmounts('Rabatt -1,00').map((a) => a.value)).toEqual([-1])
    expect(findAmounts('DISCOUNT 1.00-').map((a) => a.value)).toEqual([-1])
    expect(findAmounts('Coupon (2.50)').map((a) => a.value)).toEqual([-2.5])
    expect(findAmounts('Tax 8.25% 1.23').map((a) => a.value)).toEqual([1.23])
    expect(findAmounts('Milk - 3.49').map((a) => a.value)).toEqual([3.49])
  })
})

describe('currency', () => {
  it('names the currency from codes, symbols and country cues', () => {
    expect(detectCurrency('SUMME 12,00 EUR').code).toBe('EUR')
    expect(detectCurrency('Total £4.00').code).toBe('GBP')
    expect(detectCurrency('Woolworths\nABN 88 000 014 675\nTOTAL $12.00').code).toBe('AUD')
    expect(detectCurrency('Toronto ON M5V 2T6\nHST 13% 1.30\nTOTAL $11.30').code).toBe('CAD')
    expect(detectCurrency('TOTAL CHF 165.08').code).toBe('CHF')
  })

  it('is less sure of a lone dollar sign than of an ISO code', () => {
    expect(detectCurrency('TOTAL $5.00').confidence).toBeLessThan(detectCurrency('TOTAL USD 5.00').confidence)
  })
})

describe('dates', () => {
  it('reads an ambiguous numeric date month first only on American receipts', () => {
    expect(findDates('03/04/2024', 'MDY')[0]?.iso).toBe('2024-03-04')
    expect(findDates('03/04/2024', 'DMY')[0]?.iso).toBe('2024-04-03')
    expect(dateOrderFor('TOTAL $4.00', 'USD')).toBe('MDY')
    expect(dateOrderFor('TOTAL £4.00', 'GBP')).toBe('DMY')
  })

  it('trusts an unambiguous date whatever the locale, and reads month names in several languages', () => {
    expect(findDates('13/04/2024', 'MDY')[0]).toMatchObject({ iso: '2024-04-13', certainty: 0.9 })
    expect(findDates('Mar 5, 2024', 'DMY')[0]?.iso).toBe('2024-03-05')
    expect(findDates('5. März 2024', 'DMY')[0]?.iso).toBe('2024-03-05')
    expect(findDates('12 déc. 2023', 'DMY')[0]?.iso).toBe('2023-12-12')
    expect(findDates('2024-02-30', 'DMY')).toEqual([])
  })

  it('takes the transaction date, not a due date or a return deadline', () => {
    const r = receipt('ACME STORE', 'Returns accepted until 04/30/2024', 'Date: 04/02/2024', 'TOTAL $10.00')
    expect(r.date).toBe('2024-04-02')
    const invoice = receipt(
      'Studio North',
      'Invoice date: 05.03.2024',
      'Due date: 04.04.2024',
      'Total 100,00 EUR',
    )
    expect(invoice.date).toBe('2024-03-05')
  })

  it('reads numeric dates through OCR slips: 0 read as 9 or 6, letters for digits, a lost separator', () => {
    const at = (line: string, order: 'MDY' | 'DMY' = 'DMY') => findDates(line, order, true)[0]
    expect(at('Date: 92/07/2021 11:29')).toMatchObject({ iso: '2021-07-02', repaired: true })
    expect(at('Fecha: 06-62-2021 12:42')?.iso).toBe('2021-02-06')
    expect(at('95.05.2023 15:44')?.iso).toBe('2023-05-05')
    expect(at('Date: O4/O2/2O24')?.iso).toBe('2024-02-04')
    expect(at('Datum 18.04. 2024 21:49')?.iso).toBe('2024-04-18')
    expect(at('Datum 04.02 2023')?.iso).toBe('2023-02-04')
    expect(at('18.04.2924 21:49')?.iso).toBe('2024-04-18')
    expect(at('3024-09-19 12:18')?.iso).toBe('2024-09-19')
    // A repair is a guess: less sure than a date read as printed.
    expect(at('Date: 92/07/2021')!.certainty).toBeLessThan(0.75)
  })

  it('repairs only what cannot be a date as printed, and not prices, phones or old years', () => {
    expect(findDates('Due date: 04.04.2024', 'DMY', true)).toEqual([
      expect.objectContaining({ iso: '2024-04-04', certainty: 1 }),
    ])
    expect(findDates('6 x 11.85 71.16', 'DMY', true)).toEqual([])
    expect(findDates('2x 12,92 25,84', 'DMY', true)).toEqual([])
    expect(findDates('(889) 855-7331', 'MDY', true)).toEqual([])
    expect(findDates('94/08/2904', 'DMY', true)).toEqual([])
    // Without `repair` (amounts, items), nothing is guessed.
    expect(findDates('Date: 92/07/2021', 'DMY')).toEqual([])
  })

  it('prefers a date read as printed to a repaired one, unless only the repaired one is labelled', () => {
    expect(receipt('ACME', '93/12/2023 10:00', 'Printed 04.12.2023', 'TOTAL EUR 1,00').date).toBe(
      '2023-12-04',
    )
    expect(receipt('ACME', 'Datum 92.07.2021', 'Ruckgabe bis 02.08.2021', 'SUMME EUR 1,00').date).toBe(
      '2021-07-02',
    )
  })

  it('reads day first on a European receipt and says it is less sure of an ambiguous date', () => {
    const r = receipt('Bäckerei Sonne', '03.04.2024 10:12', 'Brot 2,50', 'SUMME EUR 2,50')
    expect(r.date).toBe('2024-04-03')
    expect(r.confidence.date).toBeLessThan(0.9)
  })
})

describe('totals', () => {
  it('is the amount paid: not the subtotal, the cash tendered or the change', () => {
    const r = receipt(
      'CORNER GROCERY',
      'Milk 3.49',
      'Bread 2.51',
      'Subtotal 6.00',
      'Sales Tax 0.50',
      'TOTAL 6.50',
      'Cash 10.00',
      'Change 3.50',
    )
    expect(r.total).toBe(6.5)
    expect(r.confidence.total).toBeGreaterThan(0.9)
  })

  it('includes the tip when the receipt totals again after it', () => {
    const r = receipt(
      'Blue Fern Cafe',
      'Latte 4.00',
      'Subtotal 4.00',
      'Total before tip 4.00',
      'Tip 0.80',
      'TOTAL $4.80',
    )
    expect(r.total).toBe(4.8)
  })

  it('reads European totals and ignores VAT that is included', () => {
    const r = receipt(
      'Marché Bio',
      'Pommes 2,40',
      'Remise -0,40',
      'dont TVA 20% 0,33',
      'TOTAL TTC 2,00 €',
      'Espèces 5,00',
      'Rendu 3,00',
    )
    expect(r).toMatchObject({ total: 2, currency: 'EUR' })
    expect(r.items).toEqual([
      { name: 'Pommes', price: 2.4, quantity: null },
      { name: 'Remise', price: -0.4, quantity: null },
    ])
  })

  it('reads totals through OCR slips in the label (T0TAL)', () => {
    expect(receipt('Shop', 'Tea 1.00', 'T0TAL 1.00').total).toBe(1)
  })

  it('answers null with no confidence when nothing can be read', () => {
    const r = receipt('', '~~ ..', '')
    expect(r).toMatchObject({ merchant: null, date: null, total: null, items: [] })
    expect(r.confidence).toMatchObject({ merchant: 0, date: 0, total: 0, items: 0 })
  })

  it('calls a total that items and tax do not add up to less certain', () => {
    const adds = receipt('Shop', 'Tea 1.00', 'Cake 2.00', 'TOTAL 3.00')
    const doesNot = receipt('Shop', 'Tea 1.00', 'Cake 2.00', 'TOTAL 8.00')
    expect(doesNot.confidence.total).toBeLessThan(adds.confidence.total)
    expect(doesNot.confidence.items).toBeLessThan(adds.confidence.items)
  })
})

describe('items', () => {
  it('understands quantities before the name and on a line of their own', () => {
    const r = receipt('Shop', '2 x Croissant 3.00', 'Apples', '  3 x 0.50 1.50', 'TOTAL 4.50')
    expect(r.items).toEqual([
      { name: 'Croissant', price: 3, quantity: 2 },
      { name: 'Apples', price: 1.5, quantity: 3 },
    ])
  })

  it('joins a name printed over two lines and keeps discounts as negative lines', () => {
    const r = receipt(
      'Shop',
      '----',
      'Olive Oil',
      '  extra virgin 1L 8.99',
      '  Member Savings 1.00-',
      'TOTAL 7.99',
    )
    expect(r.items).toEqual([
      { name: 'Olive Oil extra virgin 1L', price: 8.99, quantity: null },
      { name: 'Member Savings', price: -1, quantity: null },
    ])
  })

  it('reads a count or weight with its unit price above or under the item as a note on it', () => {
    // Above the item, in the forms German and French tills print it; the item's price is its line's.
    const above = receipt(
      'Markt am Eck',
      'Hauptstr. 3',
      '2 Stk x 1,99',
      'Bananen 3,98 A',
      '3 x 0,89',
      'Joghurt 2,67 B',
      '0,532 kg x 2,49 EUR/kg',
      'Äpfel Elstar 1,32 A',
      'SUMME EUR 7,97',
    )
    expect(above.items).toEqual([
      { name: 'Bananen', price: 3.98, quantity: 2 },
      { name: 'Joghurt', price: 2.67, quantity: 3 },
      { name: 'Äpfel Elstar', price: 1.32, quantity: null },
    ])
    expect(above.total).toBe(7.97)
    // Under the item: the count goes to it when count × unit makes its price; a line total after
    // the detail is the item's price, named by the line above.
    const under = receipt(
      'RIVERSIDE HARDWARE',
      'STORE #12',
      'DUCT TAPE 6.98 T',
      '  2 @ 3.49 EA',
      'Bananen',
      '0,532 kg x 2,49 EUR/kg 1,32',
      'Milch',
      '1,19 x 3 3,57',
      'TOTAL 11.87',
    )
    expect(under.items).toEqual([
      { name: 'DUCT TAPE', price: 6.98, quantity: 2 },
      { name: 'Bananen', price: 1.32, quantity: null },
      { name: 'Milch', price: 3.57, quantity: 3 },
    ])
  })

  it('joins a price printed alone under its name, and a total printed under its word', () => {
    const r = receipt(
      'Drogerie Linde',
      'Bahnhofstr. 4',
      '79098 Freiburg',
      'Zahnpasta 1,45 A',
      'Feuchtigkeitscreme Sensitiv Extra Reichhaltig',
      '12,95 A',
      'Duschgel 0,95 A',
      'SUMME',
      '15,35 EUR',
      'Bar 20,00',
    )
    expect(r.items).toEqual([
      { name: 'Zahnpasta', price: 1.45, quantity: null },
      { name: 'Feuchtigkeitscreme Sensitiv Extra Reichhaltig', price: 12.95, quantity: null },
      { name: 'Duschgel', price: 0.95, quantity: null },
    ])
    expect(r.total).toBe(15.35)
    expect(r.merchant).toBe('Drogerie Linde')
    // In the header a lone amount under the shop's name does not make the name an item.
    expect(receipt('Café Lumière', '4,50', 'Espresso 2,00', 'TOTAL 2,00').merchant).toBe('Café Lumière')
  })

  it('reads an invoice table and leaves the customer out of the merchant', () => {
    const r = receipt(
      'Atlas Design Studio',
      '12 King Road',
      'Tax Invoice',
      'Invoice no: INV-1042',
      'Date: 14/03/2024',
      'Bill to:',
      'Jordan Smith',
      'Description Qty Unit price Amount',
      'Logo design 1 400.00 400.00',
      'Business cards 2 35.00 70.00',
      'Subtotal 470.00',
      'VAT 20% 94.00',
      'Total £564.00',
    )
    expect(r).toMatchObject({
      merchant: 'Atlas Design Studio',
      date: '2024-03-14',
      total: 564,
      currency: 'GBP',
    })
    expect(r.items).toEqual([
      { name: 'Logo design', price: 400, quantity: 1 },
      { name: 'Business cards', price: 70, quantity: 2 },
    ])
  })
})

describe('merchant', () => {
  it('skips greetings, receipt titles, addresses and phone numbers', () => {
    expect(
      receipt('RECEIPT', 'Welcome to Golden Wok', '12 Main St', 'Tel 555-0100', 'Rice 2.00', 'TOTAL 2.00')
        .merchant,
    ).toBe('Golden Wok')
  })
})
