import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FAMILIES, makeFamilyReceipt } from '../../scripts/receipts/families.js'
import { CORPUS, makeReceipt } from '../../scripts/receipts/receipt-model.js'

const TRUTH = join(import.meta.dirname, '..', 'fixtures', 'receipts', 'truth')

describe('receipt corpus', () => {
  it('keeps the committed truth equal to what the generator makes', async () => {
    for (const split of ['dev', 'holdout'] as const) {
      for (let n = 1; n <= CORPUS[split]; n++) {
        const { truth } = makeReceipt(split, n)
        const committed = JSON.parse(await readFile(join(TRUTH, split, `${truth.id}.json`), 'utf8'))
        expect(committed).toEqual(truth)
      }
    }
  })

  it('covers the layouts, locales and features the issue asks for, held-out merchants apart', () => {
    const all = [
      ...Array.from({ length: CORPUS.dev }, (_, i) => makeReceipt('dev', i + 1).truth),
      ...Array.from({ length: CORPUS.holdout }, (_, i) => makeReceipt('holdout', i + 1).truth),
    ]
    expect(all.length).toBeGreaterThanOrEqual(60)
    expect(new Set(all.map((t) => t.layout))).toEqual(new Set(['58mm', '80mm', 'a4']))
    expect(new Set(all.map((t) => t.currency)).size).toBeGreaterThanOrEqual(6)
    const features = new Set(all.flatMap((t) => t.features))
    for (const f of ['discount', 'tip', 'multi-line-item', 'quantity', 'due-date'])
      expect(features).toContain(f)
    const devMerchants = new Set(all.filter((t) => t.split === 'dev').map((t) => t.merchant))
    expect(all.filter((t) => t.split === 'holdout').some((t) => devMerchants.has(t.merchant))).toBe(false)
  })
})

describe('receipt families corpus', () => {
  it('is the same from the same seed, and each receipt adds up', () => {
    for (const family of FAMILIES) {
      for (let n = 1; n <= 6; n++) {
        const a = makeFamilyReceipt(family, n, 1)
        expect(makeFamilyReceipt(family, n, 1)).toEqual(a)
        const { truth } = a
        expect(truth.family).toBe(family)
        expect(truth.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        expect(truth.items.length).toBeGreaterThan(0)
        // The total is at least what the items come to (tax, tip, service on top) or, with tax
        // included or cash rounding, within a few cents of it.
        const sum = truth.items.reduce((s, i) => s + i.price, 0)
        expect(truth.total).toBeGreaterThan(sum - 0.03)
        const printed = a.lines.map((l) => `${l.left ?? ''} ${l.center ?? ''} ${l.right ?? ''}`).join('\n')
        expect(printed.toLowerCase()).toContain(truth.merchant.toLowerCase())
      }
    }
  })

  it('varies layouts, languages, currencies and features across families', () => {
    const all = FAMILIES.flatMap((f) => Array.from({ length: 8 }, (_, i) => makeFamilyReceipt(f, i + 1, 1)))
    expect(new Set(all.map((r) => r.truth.currency)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(all.map((r) => r.truth.locale.slice(0, 2)))).toEqual(new Set(['en', 'de', 'fr']))
    expect(new Set(all.map((r) => r.style.font)).size).toBeGreaterThanOrEqual(8)
    expect(new Set(all.map((r) => r.style.width)).size).toBeGreaterThanOrEqual(4)
    const features = new Set(all.flatMap((r) => r.truth.features))
    for (const f of [
      'discount',
      'loyalty',
      'cash',
      'card',
      'tip',
      'service',
      'sku',
      'quantity-line',
      'decimal-comma',
    ])
      expect(features).toContain(f)
  })
})
