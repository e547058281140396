import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inboundMessages, warranties } from '../../src/db/schema/index.js'
import { insertReceipt } from '../../src/modules/receipts/receipts.repository.js'
import { receiptScan } from '../ocr/support.js'
import { createMerchant, createUser } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import {
  blankPdf,
  createCustomer,
  hasGpsOrDevice,
  photo,
  RECEIPTS,
  receiptRow,
  save,
  saveReceipt,
} from '../support/receipt-factories.js'
import { createMerchantProduct, issueWarranty } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  // One OCR worker and no queue: the capacity test can fill the engine.
  svc = await createTestService({ env: { OCR_WORKERS: '1', OCR_QUEUE_LIMIT: '0' } })
})
afterAll(() => svc?.close())

const get = (url: string, token: string) => svc.request({ method: 'GET', url, token })
const settled = (id: string) =>
  waitFor(async () => {
    const row = await receiptRow(svc, id)
    return row && row.ocrStatus !== 'PENDING' ? row : null
  }, 60_000)

/** A claimed warranty of `customer` from a merchant called `merchantName`, for a product titled `title`. */
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

describe('OCR after the save', () => {
  it('saves a receipt without ocrData as PENDING, then fills in what OCR read (DONE), searchable', async () => {
    const alice = await createCustomer(svc)
    const { png, truth } = await receiptScan(1)
    const res = await save(svc, alice.token, { imageBase64: png.toString('base64') })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ ocrStatus: 'PENDING', ocrData: null, contentType: 'image/png' })
    const row = await settled(res.json().id)
    expect(row.ocrStatus).toBe('DONE')
    const data = row.ocrData!
    expect(data.merchant).toBe(truth.merchant)
    expect(data.date).toBe(truth.date)
    expect(data.total).toBe(truth.total.toFixed(2))
    expect(data.rawText?.length).toBeGreaterThan(20)
    for (const item of data.items ?? []) {
      expect(item).toEqual({ name: expect.any(String), price: expect.stringMatching(/^-?\d+\.\d\d$/) })
    }
    const view = (await get(`${RECEIPTS}/${row.id}`, alice.token)).json()
    expect(view).toMatchObject({ ocrStatus: 'DONE', ocrData: data })
    const found = await get(`${RECEIPTS}?q=${encodeURIComponent(truth.merchant.toUpperCase())}`, alice.token)
    expect(found.json().items.map((r: { id: string }) => r.id)).toEqual([row.id])
  })

  it('marks a receipt with nothing readable FAILED, keeping the file (a PDF: no thumbnail, a download)', async () => {
    const alice = await createCustomer(svc)
    const pdf = blankPdf()
    const saved = (await save(svc, alice.token, { imageBase64: pdf.toString('base64') })).json()
    expect(saved).toMatchObject({
      ocrStatus: 'PENDING',
      contentType: 'application/pdf',
      byteSize: pdf.length,
      width: null,
      height: null,
      thumbnailUrl: null,
    })
    const row = await settled(saved.id)
    expect(row.ocrStatus).toBe('FAILED')
    expect(row.ocrData).toBeNull()
    const file = await get(`${RECEIPTS}/${saved.id}/image`, alice.token)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.headers['content-disposition']).toBe('attachment; filename="receipt.pdf"')
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect(file.rawPayload.equals(pdf)).toBe(true)
    const thumbnail = await get(`${RECEIPTS}/${saved.id}/thumbnail`, alice.token)
    expect(thumbnail.statusCode).toBe(404)
    expect(thumbnail.json().message).toBe('This receipt has no thumbnail')
  })

  it('leaves a receipt PENDING while the engine is full, and reads it once there is room', async () => {
    const alice = await createCustomer(svc)
    const { png: busyScan } = await receiptScan(3)
    let busy = true
    const filler = (async () => {
      // Refused (the pipeline holds the worker): wait a little rather than spin.
      while (busy) await svc.deps.ocr.read(busyScan).catch(() => new Promise((r) => setTimeout(r, 5)))
    })()
    try {
      await new Promise((r) => setTimeout(r, 200))
      const { png } = await receiptScan(1)
      const saved = (await save(svc, alice.token, { imageBase64: png.toString('base64') })).json()
      const run = await svc.services.receipts.ocr.run()
      expect(run).toEqual({ done: 0, failed: 0 })
      expect((await receiptRow(svc, saved.id))?.ocrStatus).toBe('PENDING')
      busy = false
      await filler
      expect((await settled(saved.id)).ocrStatus).toBe('DONE')
    } finally {
      busy = false
      await filler
    }
  }, 90_000)
})

describe('durability and inbound e-mail', () => {
  it('reads a PENDING receipt whose wake-up was lost (a crash after the commit) at the next sweep', async () => {
    const alice = await createCustomer(svc)
    const { png } = await receiptScan(2)
    // Written the way a save writes it, but without asking for an OCR run.
    const row = await svc.services.receipts.blobs.save(
      [{ bytes: new Uint8Array(png), contentType: 'image/png' }],
      (tx, [image]) =>
        insertReceipt(tx, {
          customerId: alice.id,
          imageKey: image!.key,
          contentType: 'image/png',
          byteSize: image!.byteSize,
          ocrStatus: 'PENDING',
        }),
    )
    await svc.services.receipts.ocr.sweep()
    expect((await settled(row.id)).ocrStatus).toBe('DONE')
  }, 60_000)

  it('saves an e-mailed attachment through the same path (source email, OCR after the save)', async () => {
    const alice = await createCustomer(svc)
    const [message] = await svc.deps.db
      .insert(inboundMessages)
      .values({ customerId: alice.id, messageId: `<${Date.now()}@mail.example>`, fromAddress: alice.email })
      .returning()
    const { id } = await svc.services.receipts.receipts.saveFromInbound({
      customerId: alice.id,
      inboundMessageId: message!.id,
      bytes: new Uint8Array(await photo({ width: 300, height: 300 })),
      filename: 'IMG_0001.JPG',
    })
    const row = await receiptRow(svc, id)
    expect(row).toMatchObject({ source: 'email', inboundMessageId: message!.id, contentType: 'image/jpeg' })
    const view = (await get(`${RECEIPTS}/${id}`, alice.token)).json()
    expect(view.source).toBe('email')
    expect(await hasGpsOrDevice(Buffer.from(view.imageBase64, 'base64'))).toBe(false)
    await expect(
      svc.services.receipts.receipts.saveFromInbound({
        customerId: alice.id,
        inboundMessageId: message!.id,
        bytes: new TextEncoder().encode('not an image at all, just text'),
        filename: 'notes.txt',
      }),
    ).rejects.toMatchObject({ code: 'validation_error', kind: 'unsupported_type' })
  })
})

describe('receipt → warranty suggestion', () => {
  it('suggests the claimed warranty of the same merchant, date and product; the customer confirms it', async () => {
    const alice = await createCustomer(svc)
    const warrantyId = await walletWarranty(alice, 'Gadget Barn Ltd', 'Sonix WH-900 Headphones', '2026-10-02')
    // Another merchant, another product, another date: never suggested.
    await walletWarranty(alice, 'Other Shop', 'Kettle', '2026-10-02')
    await walletWarranty(alice, 'Gadget Barn', 'Sonix WH-900 Headphones', '2026-08-01')
    const receipt = await saveReceipt(svc, alice, {
      ocrData: {
        merchant: 'GADGET BARN',
        date: '2026-10-03',
        items: [{ name: 'SONIX WH-900 HEADPH', price: '199.00' }],
      },
    })
    expect(receipt).toMatchObject({ suggestedWarrantyId: warrantyId, warrantyId: null })

    const confirm = await svc.request({
      method: 'POST',
      url: `${RECEIPTS}/${receipt.id}/warranty`,
      payload: { warrantyId },
      token: alice.token,
    })
    expect(confirm.statusCode).toBe(200)
    expect(confirm.json()).toMatchObject({ warrantyId, suggestedWarrantyId: null })
    const proofs = await get(`${RECEIPTS}?warrantyId=${warrantyId}`, alice.token)
    expect(proofs.json().items.map((r: { id: string }) => r.id)).toEqual([receipt.id])

    const unlink = await svc.request({
      method: 'POST',
      url: `${RECEIPTS}/${receipt.id}/warranty`,
      payload: { warrantyId: null },
      token: alice.token,
    })
    expect(unlink.json()).toMatchObject({ warrantyId: null, suggestedWarrantyId: null })
  })

  it('suggests nothing without a matching item, merchant or date, and never links by itself', async () => {
    const alice = await createCustomer(svc)
    await walletWarranty(alice, 'Gadget Barn', 'Sonix WH-900 Headphones', '2026-10-02')
    for (const ocrData of [
      { merchant: 'Gadget Barn', date: '2026-10-02', items: [{ name: 'USB cable' }] },
      { merchant: 'Gizmo Barn', date: '2026-10-02', items: [{ name: 'Sonix headphones' }] },
      { merchant: 'Gadget Barn', date: '2026-10-12', items: [{ name: 'Sonix headphones' }] },
      { merchant: 'Gadget Barn', items: [{ name: 'Sonix headphones' }] },
    ]) {
      const receipt = await saveReceipt(svc, alice, { ocrData })
      expect(receipt, JSON.stringify(ocrData)).toMatchObject({ suggestedWarrantyId: null, warrantyId: null })
    }
  })

  it("suggests from what OCR read; answers 404 for another customer's or an unclaimed warranty", async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const { png, truth } = await receiptScan(1)
    const item = truth.items.find((i) => i.price > 0)!.name
    const warrantyId = await walletWarranty(alice, truth.merchant, `${item} deluxe`, truth.date)
    const saved = (await save(svc, alice.token, { imageBase64: png.toString('base64') })).json()
    const row = await settled(saved.id)
    expect(row.suggestedWarrantyId).toBe(warrantyId)
    expect(row.warrantyId).toBeNull()

    const bobs = await walletWarranty(bob, 'Bob Shop', 'Radio', '2026-01-01')
    const unclaimed = await walletWarranty(alice, 'Unclaimed Shop', 'Radio', '2026-01-01')
    await svc.deps.db.update(warranties).set({ claimedAt: null }).where(eq(warranties.id, unclaimed))
    for (const id of [bobs, unclaimed, '00000000-0000-4000-8000-000000000000']) {
      const res = await svc.request({
        method: 'POST',
        url: `${RECEIPTS}/${saved.id}/warranty`,
        payload: { warrantyId: id },
        token: alice.token,
      })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ error: 'not_found', message: 'No such warranty in your wallet' })
    }
    const byBob = await svc.request({
      method: 'POST',
      url: `${RECEIPTS}/${saved.id}/warranty`,
      payload: { warrantyId: bobs },
      token: bob.token,
    })
    expect(byBob.statusCode).toBe(404)
    expect(byBob.json().message).toBe('No such receipt')
    expect((await receiptRow(svc, saved.id))?.warrantyId).toBeNull()
  }, 60_000)
})
