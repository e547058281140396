import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { receipts, warranties } from '../../src/db/schema/index.js'
import { recordOcr } from '../../src/modules/receipts/receipts.repository.js'
import { createMerchant, createMerchantWithUsers, createUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { createCustomer, RECEIPTS, receiptRow, saveReceipt } from '../support/receipt-factories.js'
import { createMerchantProduct, issueWarranty } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const edit = (token: string | undefined, id: string, payload: unknown) =>
  svc.request({
    method: 'PATCH',
    url: `${RECEIPTS}/${id}`,
    payload: payload as object,
    ...(token ? { token } : {}),
  })

/** A claimed warranty of `customer` from `merchantName`, for a product titled `title`, bought on `date`. */
async function walletWarranty(
  customer: { id: string; email: string },
  merchantName: string,
  title: string,
  date: string,
) {
  const merchant = await createMerchant(svc.deps.db, { name: merchantName })
  const owner = await createUser(svc.deps, { role: 'MERCHANT_USER', merchantId: merchant.id })
  const product = await createMerchantProduct(svc.deps.db, merchant.id, { title })
  const issued = await issueWarranty(svc, owner, {
    customerEmail: customer.email,
    merchantProductId: product.id,
    purchaseDate: `${date}T15:30:00.000Z`,
  })
  await svc.deps.db.update(warranties).set({ claimedAt: new Date() }).where(eq(warranties.id, issued.id))
  return issued.id
}

describe('PATCH /v1/customer/receipts/{id}', () => {
  it('corrects the merchant, date, total and items; an absent field stays, an empty one goes; the raw text stays', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice, {
      ocrData: {
        merchant: 'C0RNER SH0P',
        date: '2026-11-02',
        total: '12.00',
        rawText: 'C0RNER SH0P thank you',
        items: [{ name: 'Kettel', price: '12.00' }],
      },
    })
    const res = await edit(alice.token, receipt.id, {
      merchant: '  Corner Shop  ',
      total: '',
      items: [{ name: 'Kettle', price: '11.50' }, { name: '  ' }, { name: 'Descaler', price: ' ' }],
    })
    expect(res.statusCode).toBe(200)
    const edited = res.json()
    expect(edited).toMatchObject({ id: receipt.id, ocrStatus: 'NONE', folderId: null })
    expect(edited.ocrData).toEqual({
      merchant: 'Corner Shop',
      date: '2026-11-02',
      rawText: 'C0RNER SH0P thank you',
      items: [{ name: 'Kettle', price: '11.50' }, { name: 'Descaler' }],
    })
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(receipt.updatedAt))

    // Kept: the receipt reads back the same, and the list's search finds the new name.
    const read = await svc.request({ method: 'GET', url: `${RECEIPTS}/${receipt.id}`, token: alice.token })
    expect(read.json().ocrData).toEqual(edited.ocrData)
    const found = await svc.request({ method: 'GET', url: `${RECEIPTS}?q=corner%20shop`, token: alice.token })
    expect(found.json().items.map((r: { id: string }) => r.id)).toEqual([receipt.id])
  })

  it('fills in a receipt saved without data, and keeps other fields when only one is sent', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice, { ocrData: { merchant: 'Shop' } })
    await svc.deps.db.update(receipts).set({ ocrData: null }).where(eq(receipts.id, receipt.id))
    const first = await edit(alice.token, receipt.id, { date: '2026-10-01' })
    expect(first.json().ocrData).toEqual({ date: '2026-10-01' })
    const second = await edit(alice.token, receipt.id, { total: '9.99' })
    expect(second.json().ocrData).toEqual({ date: '2026-10-01', total: '9.99' })
  })

  it('keeps what the customer typed over a reading still under way: NONE, and the late OCR answer changes nothing', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice)
    await svc.deps.db
      .update(receipts)
      .set({ ocrStatus: 'PENDING', ocrData: null })
      .where(eq(receipts.id, receipt.id))
    const res = await edit(alice.token, receipt.id, { merchant: 'Typed Shop' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ ocrStatus: 'NONE', ocrData: { merchant: 'Typed Shop' } })
    const late = await recordOcr(svc.deps.db, receipt.id, {
      status: 'DONE',
      data: { merchant: 'Read Shop' },
      suggestedWarrantyId: null,
    })
    expect(late).toBe(false)
    expect((await receiptRow(svc, receipt.id))?.ocrData).toEqual({ merchant: 'Typed Shop' })
  })

  it('works out the suggested warranty again from the corrected data, unless one is confirmed', async () => {
    const alice = await createCustomer(svc)
    const warrantyId = await walletWarranty(alice, 'Gadget Barn Ltd', 'Sonix WH-900 Headphones', '2026-10-02')
    const receipt = await saveReceipt(svc, alice, {
      ocrData: { merchant: 'GADGFT BRN', date: '2026-10-03', items: [{ name: 'SONIX WH-900 HEADPH' }] },
    })
    expect(receipt.suggestedWarrantyId).toBeNull()
    const corrected = await edit(alice.token, receipt.id, { merchant: 'Gadget Barn' })
    expect(corrected.json()).toMatchObject({ suggestedWarrantyId: warrantyId, warrantyId: null })

    const confirmed = await svc.request({
      method: 'POST',
      url: `${RECEIPTS}/${receipt.id}/warranty`,
      payload: { warrantyId },
      token: alice.token,
    })
    expect(confirmed.statusCode).toBe(200)
    const again = await edit(alice.token, receipt.id, { total: '199.00' })
    expect(again.json()).toMatchObject({ suggestedWarrantyId: null, warrantyId })
  })

  it("answers 404 for another customer's receipt or an unknown one, changing nothing", async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const receipt = await saveReceipt(svc, alice, { ocrData: { merchant: 'Mine' } })
    for (const [token, id] of [
      [bob.token, receipt.id],
      [alice.token, UNKNOWN],
    ] as const) {
      const res = await edit(token, id, { merchant: 'Theirs' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ error: 'not_found', message: 'No such receipt' })
    }
    expect((await receiptRow(svc, receipt.id))?.ocrData).toEqual({ merchant: 'Mine' })
  })

  it('answers 400 for an empty body, undeclared or over-long fields and a non-uuid id', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice)
    for (const payload of [
      {},
      { rawText: 'x' },
      { folderId: null },
      { merchant: 'x'.repeat(201) },
      { total: 12 },
      { items: [{ price: '1' }] },
    ]) {
      const res = await edit(alice.token, receipt.id, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().error).toBe('validation_error')
    }
    expect((await edit(alice.token, 'not-a-uuid', { merchant: 'x' })).statusCode).toBe(400)
    expect((await receiptRow(svc, receipt.id))?.ocrData).toEqual(receipt.ocrData)
  })

  it('answers 401 without a token and 403 for another role', async () => {
    const alice = await createCustomer(svc)
    const receipt = await saveReceipt(svc, alice)
    expect((await edit(undefined, receipt.id, { merchant: 'x' })).statusCode).toBe(401)
    const { owner } = await createMerchantWithUsers(svc.deps)
    const res = await edit(owner.token, receipt.id, { merchant: 'x' })
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('forbidden')
  })
})
