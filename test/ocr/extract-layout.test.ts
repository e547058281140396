import { describe, expect, it } from 'vitest'
import { dateOrderFor } from '../../src/adapters/ocr/extract/dates.js'
import { extractReceipt, type TextLine } from '../../src/adapters/ocr/extract/receipt-extract.js'

/** Lines as the engine gives them: text, confidence, height (24 px body text unless given). */
const page = (...lines: (string | [string, number])[]): TextLine[] =>
  lines.map((l) =>
    typeof l === 'string'
      ? { text: l, confidence: 0.9, height: 24 }
      : { text: l[0], confidence: 0.9, height: l[1] },
  )

describe('merchant from the layout', () => {
  it('takes the name printed largest over smaller header lines above it', () => {
    const r = extractReceipt(
      page('Fresh Food Hall', ['Harbour Grocers', 52], 'Quay Street', 'Milk 1.20', 'TOTAL 1.20'),
    )
    expect(r.merchant).toBe('Harbour Grocers')
  })

  it('without heights, reads the first name-like line and is less sure when another line competes', () => {
    const alone = extractReceipt('Harbour Grocers\n12 Quay Street\nMilk 1.20\nTOTAL 1.20')
    const rival = extractReceipt('Harbour Grocers\nFresh Bakery Counter\nMilk 1.20\nTOTAL 1.20')
    expect(alone.merchant).toBe('Harbour Grocers')
    expect(rival.merchant).toBe('Harbour Grocers')
    expect(rival.confidence.merchant).toBeLessThan(alone.confidence.merchant)
  })

  it('skips a lone greeting, a store number and a phone above the name', () => {
    const r = extractReceipt(
      'WELCOME TO\nSTORE #4411\n(512) 555-0199\nRIVERSIDE HARDWARE\nNAILS 3.00\nTOTAL 3.00',
    )
    expect(r.merchant).toBe('RIVERSIDE HARDWARE')
  })
})

describe('total from candidates', () => {
  it('is the amount beside the last total keyword before the payment lines', () => {
    const r = extractReceipt(
      [
        'Cafe Uno',
        'Pasta 12.00',
        'Subtotal 12.00',
        'Total 12.00',
        'Tip 2.40',
        'Total 14.40',
        'Visa 14.40',
      ].join('\n'),
    )
    expect(r.total).toBe(14.4)
    expect(r.confidence.total).toBeGreaterThanOrEqual(0.9)
  })

  it('reads German and French totals and not the cash given, the change or included tax', () => {
    const de = extractReceipt(
      [
        'Bäckerei Korn',
        'Roggenbrot 3,20 A',
        'Brezel 1,10 A',
        'SUMME EUR 4,30',
        'Gegeben BAR 10,00',
        'Rückgeld 5,70',
      ].join('\n'),
    )
    expect(de.total).toBe(4.3)
    const fr = extractReceipt(
      [
        'Épicerie Lefèvre',
        'Baguette 1,20',
        'Comté 6,80',
        'Total HT 7,58',
        'TVA 5,5% 0,42',
        'NET À PAYER 8,00 €',
        'Espèces 10,00',
        'Rendu monnaie 2,00',
      ].join('\n'),
    )
    expect(fr.total).toBe(8)
    const au = extractReceipt(
      [
        'Greenleaf Market',
        'BREAD 3.50',
        'EGGS 5.10',
        'TOTAL $8.60',
        'CASH 10.00',
        'CHANGE DUE 1.40',
        'GST INCLUDED IN TOTAL 0.78',
      ].join('\n'),
    )
    expect(au.total).toBe(8.6)
  })

  it('says so when the total is a guess', () => {
    const r = extractReceipt('Some Shop\nThing 4.00\nOther 6.00')
    expect(r.total).toBe(6)
    expect(r.confidence.total).toBeLessThan(0.5)
  })
})

describe('dates with the receipt as evidence', () => {
  it('reads an ambiguous date the way another date on the same receipt can only be read', () => {
    expect(dateOrderFor('Date 03/04/2024\nReturn by 25/04/2024', null)).toBe('DMY')
    expect(dateOrderFor('Date 03/04/2024\nReturn by 04/25/2024', null)).toBe('MDY')
    expect(dateOrderFor('Datum 03.04.2024\nSumme 4,00', null)).toBe('DMY')
    const r = extractReceipt('Shop\nDate 03/04/2024\nReturns until 04/25/2024\nTOTAL 4.00')
    expect(r.date).toBe('2024-03-04')
  })
})

describe('items', () => {
  it('drops article numbers, reads a quantity column before the name and keeps notes out of names', () => {
    const us = extractReceipt(
      [
        'MESA HOME CENTER',
        '012345678901 LED BULB 4PK 9.99 T',
        'DUCT TAPE 4.50 T',
        'SUBTOTAL 14.49',
        'TOTAL 14.49',
      ].join('\n'),
    )
    expect(us.items.map((i) => [i.name, i.price])).toEqual([
      ['LED BULB 4PK', 9.99],
      ['DUCT TAPE', 4.5],
    ])
    const bill = extractReceipt(
      [
        'Casa Marisol',
        '2 Caesar Salad 18.00',
        '   no onions',
        '1 House Burger 14.50',
        'Subtotal 32.50',
        'Total 32.50',
      ].join('\n'),
    )
    expect(bill.items).toEqual([
      { name: 'Caesar Salad', price: 18, quantity: 2 },
      { name: 'House Burger', price: 14.5, quantity: 1 },
    ])
  })
})
