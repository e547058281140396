import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pngBomb } from '../ocr/support.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import {
  blobRowKeys,
  createCustomer,
  createFolder,
  hasGpsOrDevice,
  photo,
  RECEIPTS,
  receiptRow,
  save,
  saveReceipt,
  storedKeys,
} from '../support/receipt-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

const get = (url: string, token?: string) => svc.request({ method: 'GET', url, ...(token ? { token } : {}) })
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

describe('POST /v1/customer/receipts', () => {
  it('saves the photo with the given ocrData (ocrStatus NONE), its type sniffed, GPS and device data removed', async () => {
    const alice = await createCustomer(svc)
    const image = await photo({ width: 300, height: 400 })
    expect(await hasGpsOrDevice(image)).toBe(true)
    const ocrData = {
      merchant: 'Corner Shop',
      date: '2026-11-20',
      total: '12.50',
      rawText: 'CORNER SHOP\nMilk 2.50\nBread 10.00',
      items: [{ name: 'Milk', price: '2.50' }, { name: 'Bread' }],
    }
    const res = await save(svc, alice.token, { imageBase64: image.toString('base64'), ocrData })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      id: expect.any(String),
      folderId: null,
      ocrData,
      ocrStatus: 'NONE',
      source: 'upload',
      contentType: 'image/jpeg',
      byteSize: expect.any(Number),
      width: 300,
      height: 400,
      imageUrl: `http://api.test/v1/customer/receipts/${body.id}/image`,
      thumbnailUrl: `http://api.test/v1/customer/receipts/${body.id}/thumbnail`,
      suggestedWarrantyId: null,
      warrantyId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })

    const one = await get(`${RECEIPTS}/${body.id}`, alice.token)
    expect(one.statusCode).toBe(200)
    const stored = Buffer.from(one.json().imageBase64, 'base64')
    expect(stored.length).toBe(body.byteSize)
    expect(await hasGpsOrDevice(stored)).toBe(false)
    expect((await sharp(stored).metadata()).format).toBe('jpeg')

    const file = await get(`${RECEIPTS}/${body.id}/image`, alice.token)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/jpeg')
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.headers['cache-control']).toBe('private, max-age=3600')
    expect(file.rawPayload.equals(stored)).toBe(true)

    const row = await receiptRow(svc, body.id)
    expect(row?.searchText).toBe('corner shop\ncorner shop\nmilk 2.50\nbread 10.00')
    const [objects, rows] = [await storedKeys(svc), await blobRowKeys(svc)]
    for (const key of [row!.imageKey, row!.thumbnailKey!]) {
      expect(objects.has(key)).toBe(true)
      expect(rows.has(key)).toBe(true)
    }
  })

  it('applies the EXIF orientation: a portrait photo stored landscape-encoded comes back upright', async () => {
    const alice = await createCustomer(svc)
    const raw = await sharp(await photo({ width: 200, height: 100, exif: false }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    const saved = await saveReceipt(svc, alice, { image: raw })
    expect([saved.width, saved.height]).toEqual([100, 200])
    const meta = await sharp((await get(`${RECEIPTS}/${saved.id}/image`, alice.token)).rawPayload).metadata()
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([100, 200, 1])
  })

  it('serves a WebP thumbnail for lists', async () => {
    const alice = await createCustomer(svc)
    const saved = await saveReceipt(svc, alice, { image: await photo({ width: 1200, height: 1600 }) })
    const thumb = await get(`${RECEIPTS}/${saved.id}/thumbnail`, alice.token)
    expect(thumb.statusCode).toBe(200)
    expect(thumb.headers['content-type']).toBe('image/webp')
    const meta = await sharp(thumb.rawPayload).metadata()
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThan(1200)
    expect(thumb.rawPayload.length).toBeLessThan(saved.byteSize)
    expect(await hasGpsOrDevice(thumb.rawPayload)).toBe(false)
  })

  it('answers 400 for text that is not base64, and for bytes that are not an image', async () => {
    const alice = await createCustomer(svc)
    const before = await storedKeys(svc)
    for (const imageBase64 of [
      'not base64 at all!',
      'QUJD=A==',
      Buffer.from('just some text, no image').toString('base64'),
    ]) {
      const res = await save(svc, alice.token, { imageBase64 })
      expect(res.statusCode, imageBase64).toBe(400)
      expect(res.json().error).toBe('validation_error')
    }
    expect(await storedKeys(svc)).toEqual(before)
  })

  it('answers 400 image_too_large for a decompression bomb and unsupported_type for an SVG, storing nothing', async () => {
    const alice = await createCustomer(svc)
    const before = await storedKeys(svc)
    const bomb = await save(svc, alice.token, { imageBase64: pngBomb(12_000).toString('base64') })
    expect(bomb.statusCode).toBe(400)
    expect(bomb.json().details).toEqual([{ path: '/body/imageBase64', message: 'image_too_large' }])
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>')
    const refused = await save(svc, alice.token, { imageBase64: svg.toString('base64') })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().details).toEqual([{ path: '/body/imageBase64', message: 'unsupported_type' }])
    expect(await storedKeys(svc)).toEqual(before)
  })

  it('answers 400 for a missing image, an empty one, undeclared properties and a bad folderId', async () => {
    const alice = await createCustomer(svc)
    const image = (await photo()).toString('base64')
    const cases: [object, string][] = [
      [{}, '/body/imageBase64'],
      [{ imageBase64: '' }, '/body/imageBase64'],
      [{ imageBase64: image, owner: 'x' }, '/body/owner'],
      [{ imageBase64: image, ocrData: { merchant: 'A', colour: 'red' } }, '/body/ocrData/colour'],
      [{ imageBase64: image, ocrData: { items: [{ price: '1.00' }] } }, '/body/ocrData/items/0/name'],
      [{ imageBase64: image, ocrData: { total: 12.5 } }, '/body/ocrData/total'],
      [{ imageBase64: image, folderId: 'inbox' }, '/body/folderId'],
    ]
    for (const [payload, path] of cases) {
      const res = await save(svc, alice.token, payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path)
    }
  })

  it('answers 400 past 5,000,000 characters and 413 payload_too_large past 6 MB of JSON', async () => {
    const alice = await createCustomer(svc)
    const long = await save(svc, alice.token, { imageBase64: 'A'.repeat(5_000_004) })
    expect(long.statusCode).toBe(400)
    expect(long.json().details[0].path).toBe('/body/imageBase64')
    const huge = await save(svc, alice.token, { imageBase64: 'A'.repeat(6 * 1024 * 1024) })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({ error: 'payload_too_large', message: 'The body is too large' })
  })

  it("answers 404 for another customer's folder or an unknown one, storing nothing", async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const bobs = await createFolder(svc, bob, 'Bob only')
    const before = await storedKeys(svc)
    for (const folderId of [bobs.id, UNKNOWN]) {
      const res = await save(svc, alice.token, { imageBase64: (await photo()).toString('base64'), folderId })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ error: 'not_found', message: 'No such folder' })
    }
    expect(await storedKeys(svc)).toEqual(before)
    const list = await get(RECEIPTS, alice.token)
    expect(list.json().items).toEqual([])
  })

  it('files the receipt in the folder given', async () => {
    const alice = await createCustomer(svc)
    const folder = await createFolder(svc, alice, 'Kitchen')
    const saved = await saveReceipt(svc, alice, { folderId: folder.id })
    expect(saved.folderId).toBe(folder.id)
  })

  it('answers 401 without a token and 403 for another role', async () => {
    const image = (await photo()).toString('base64')
    const none = await save(svc, undefined, { imageBase64: image })
    expect(none.statusCode).toBe(401)
    expect(none.json().error).toBe('unauthorized')
    const { owner } = await createMerchantWithUsers(svc.deps)
    const merchant = await save(svc, owner.token, { imageBase64: image })
    expect(merchant.statusCode).toBe(403)
    expect(merchant.json().error).toBe('forbidden')
  })
})

describe('GET /v1/customer/receipts', () => {
  it('lists only the caller’s receipts, newest first, in pages', async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await saveReceipt(svc, alice)).id)
    await saveReceipt(svc, bob)
    const first = await get(`${RECEIPTS}?limit=2`, alice.token)
    expect(first.statusCode).toBe(200)
    expect(first.json().items.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]])
    expect(first.json().items[0]).not.toHaveProperty('imageBase64')
    const cursor = first.json().nextCursor
    expect(cursor).toEqual(expect.any(String))
    const second = await get(`${RECEIPTS}?limit=2&cursor=${cursor}`, alice.token)
    expect(second.json()).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null })
    expect((await get(`${RECEIPTS}?cursor=garbage`, alice.token)).statusCode).toBe(400)
    expect((await get(`${RECEIPTS}?limit=201`, alice.token)).statusCode).toBe(400)
    expect((await get(`${RECEIPTS}?sort=asc`, alice.token)).statusCode).toBe(400)
  })

  it('filters by folder and finds text in the merchant or the raw text, in any case', async () => {
    const alice = await createCustomer(svc)
    const folder = await createFolder(svc, alice, 'Garage')
    const drill = await saveReceipt(svc, alice, {
      folderId: folder.id,
      ocrData: { merchant: 'Tool Barn', rawText: 'Cordless DRILL 18V 99.00' },
    })
    const milk = await saveReceipt(svc, alice, { ocrData: { merchant: 'Dairy 100%', rawText: 'Milk_1L' } })
    const ids = async (query: string) =>
      (await get(`${RECEIPTS}?${query}`, alice.token)).json().items.map((r: { id: string }) => r.id)
    expect(await ids(`folderId=${folder.id}`)).toEqual([drill.id])
    expect(await ids('q=drill')).toEqual([drill.id])
    expect(await ids('q=TOOL%20BARN')).toEqual([drill.id])
    expect(await ids('q=100%25')).toEqual([milk.id])
    expect(await ids('q=_1l')).toEqual([milk.id])
    expect(await ids('q=nothing-like-it')).toEqual([])
    expect(await ids(`folderId=${folder.id}&q=milk`)).toEqual([])
    expect((await get(`${RECEIPTS}?folderId=garage`, alice.token)).statusCode).toBe(400)
    const bob = await createCustomer(svc)
    expect((await get(`${RECEIPTS}?q=drill`, bob.token)).json().items).toEqual([])
  })
})

describe('GET /v1/customer/receipts/{id} and its image', () => {
  it("answers 404 for another customer's receipt, an unknown id, and 400 for a non-uuid", async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const saved = await saveReceipt(svc, alice)
    for (const path of ['', '/image', '/thumbnail']) {
      const other = await get(`${RECEIPTS}/${saved.id}${path}`, bob.token)
      expect(other.statusCode, path).toBe(404)
      expect(other.json()).toEqual({ error: 'not_found', message: 'No such receipt' })
      expect((await get(`${RECEIPTS}/${UNKNOWN}${path}`, alice.token)).statusCode).toBe(404)
      expect((await get(`${RECEIPTS}/not-a-uuid${path}`, alice.token)).statusCode).toBe(400)
    }
  })
})

describe('DELETE /v1/customer/receipts/{id}', () => {
  it('deletes the receipt and removes its objects and rows from the blob store after the commit', async () => {
    const alice = await createCustomer(svc)
    const saved = await saveReceipt(svc, alice)
    const row = await receiptRow(svc, saved.id)
    const keys = [row!.imageKey, row!.thumbnailKey!]
    const res = await svc.request({ method: 'DELETE', url: `${RECEIPTS}/${saved.id}`, token: alice.token })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: saved.id, deleted: true })
    expect((await get(`${RECEIPTS}/${saved.id}`, alice.token)).statusCode).toBe(404)
    const [objects, rows] = [await storedKeys(svc), await blobRowKeys(svc)]
    for (const key of keys) {
      expect(objects.has(key)).toBe(false)
      expect(rows.has(key)).toBe(false)
    }
    const again = await svc.request({ method: 'DELETE', url: `${RECEIPTS}/${saved.id}`, token: alice.token })
    expect(again.statusCode).toBe(404)
  })

  it('keeps an object another receipt still uses (the same photo saved twice)', async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const image = await photo()
    const first = await saveReceipt(svc, alice, { image })
    const second = await saveReceipt(svc, bob, { image })
    const [a, b] = [await receiptRow(svc, first.id), await receiptRow(svc, second.id)]
    expect(a!.imageKey).toBe(b!.imageKey)
    expect(
      (await svc.request({ method: 'DELETE', url: `${RECEIPTS}/${first.id}`, token: alice.token }))
        .statusCode,
    ).toBe(200)
    expect((await storedKeys(svc)).has(b!.imageKey)).toBe(true)
    expect((await blobRowKeys(svc)).has(b!.imageKey)).toBe(true)
    const image2 = await get(`${RECEIPTS}/${second.id}/image`, bob.token)
    expect(image2.statusCode).toBe(200)
  })

  it("answers 404 for another customer's receipt and deletes nothing", async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const saved = await saveReceipt(svc, alice)
    const res = await svc.request({ method: 'DELETE', url: `${RECEIPTS}/${saved.id}`, token: bob.token })
    expect(res.statusCode).toBe(404)
    expect((await get(`${RECEIPTS}/${saved.id}`, alice.token)).statusCode).toBe(200)
  })
})
