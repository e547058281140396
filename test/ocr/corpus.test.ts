import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
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
