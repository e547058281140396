import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { createCustomer, createFolder, RECEIPTS, saveReceipt } from '../support/receipt-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

const FOLDERS = `${RECEIPTS}/folders`
const UNKNOWN = '00000000-0000-4000-8000-000000000000'
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
const call = (method: Method, url: string, token?: string, payload?: object) =>
  svc.request({ method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) })

describe('POST /v1/customer/receipts/folders', () => {
  it('creates a folder (name trimmed) with no receipts', async () => {
    const alice = await createCustomer(svc)
    const res = await call('POST', FOLDERS, alice.token, { name: '  Warranty papers ' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: expect.any(String),
      name: 'Warranty papers',
      receiptCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
  })

  it('answers 409 conflict for a name the customer already has, in any case; another customer may use it', async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    await createFolder(svc, alice, 'Kitchen')
    const again = await call('POST', FOLDERS, alice.token, { name: 'KITCHEN' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ error: 'conflict', message: 'You already have a folder with this name' })
    expect((await call('POST', FOLDERS, bob.token, { name: 'kitchen' })).statusCode).toBe(200)
  })

  it('answers 400 for a name empty, blank, over 40 characters, missing or with undeclared properties', async () => {
    const alice = await createCustomer(svc)
    for (const payload of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(41) },
      {},
      { name: 'a', colour: 'red' },
    ]) {
      const res = await call('POST', FOLDERS, alice.token, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().error).toBe('validation_error')
    }
    expect((await call('POST', FOLDERS, alice.token, { name: 'x'.repeat(40) })).statusCode).toBe(200)
  })

  it('answers 401 without a token and 403 for another role', async () => {
    expect((await call('POST', FOLDERS, undefined, { name: 'a' })).statusCode).toBe(401)
    const { user } = await createMerchantWithUsers(svc.deps)
    const res = await call('GET', FOLDERS, user.token)
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('forbidden')
  })
})

describe('GET /v1/customer/receipts/folders', () => {
  it("lists the caller's folders newest first with their receipt counts, in pages", async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const a = await createFolder(svc, alice, 'A')
    const b = await createFolder(svc, alice, 'B')
    await createFolder(svc, bob, 'Bob')
    await saveReceipt(svc, alice, { folderId: a.id })
    await saveReceipt(svc, alice, { folderId: a.id })
    const page = await call('GET', `${FOLDERS}?limit=1`, alice.token)
    expect(page.statusCode).toBe(200)
    expect(page.json().items).toEqual([expect.objectContaining({ id: b.id, name: 'B', receiptCount: 0 })])
    const next = await call('GET', `${FOLDERS}?limit=1&cursor=${page.json().nextCursor}`, alice.token)
    expect(next.json()).toEqual({
      items: [expect.objectContaining({ id: a.id, name: 'A', receiptCount: 2 })],
      nextCursor: null,
    })
  })
})

describe('PATCH /v1/customer/receipts/folders/{folderId}', () => {
  it('renames the folder; a name the customer already has: 409', async () => {
    const alice = await createCustomer(svc)
    const a = await createFolder(svc, alice, 'Old name')
    await createFolder(svc, alice, 'Taken')
    const res = await call('PATCH', `${FOLDERS}/${a.id}`, alice.token, { name: 'New name' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: a.id, name: 'New name' })
    // The same name in another case is the same folder renamed, not a conflict.
    expect((await call('PATCH', `${FOLDERS}/${a.id}`, alice.token, { name: 'NEW NAME' })).statusCode).toBe(
      200,
    )
    const taken = await call('PATCH', `${FOLDERS}/${a.id}`, alice.token, { name: 'taken' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error).toBe('conflict')
  })

  it("answers 404 for another customer's folder or an unknown one, and 400 for a non-uuid", async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const a = await createFolder(svc, alice, 'Mine')
    const other = await call('PATCH', `${FOLDERS}/${a.id}`, bob.token, { name: 'Hijacked' })
    expect(other.statusCode).toBe(404)
    expect(other.json()).toEqual({ error: 'not_found', message: 'No such folder' })
    expect((await call('PATCH', `${FOLDERS}/${UNKNOWN}`, alice.token, { name: 'x' })).statusCode).toBe(404)
    expect((await call('PATCH', `${FOLDERS}/mine`, alice.token, { name: 'x' })).statusCode).toBe(400)
    const list = await call('GET', FOLDERS, alice.token)
    expect(list.json().items[0].name).toBe('Mine')
  })
})

describe('DELETE /v1/customer/receipts/folders/{folderId}', () => {
  it('deletes the folder; its receipts stay, unfiled', async () => {
    const alice = await createCustomer(svc)
    const folder = await createFolder(svc, alice, 'Temporary')
    const r1 = await saveReceipt(svc, alice, { folderId: folder.id })
    const res = await call('DELETE', `${FOLDERS}/${folder.id}`, alice.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: folder.id, deleted: true, unfiledReceipts: 1 })
    const receipt = await call('GET', `${RECEIPTS}/${r1.id}`, alice.token)
    expect(receipt.json().folderId).toBeNull()
    expect((await call('GET', FOLDERS, alice.token)).json().items).toEqual([])
    expect((await call('DELETE', `${FOLDERS}/${folder.id}`, alice.token)).statusCode).toBe(404)
  })

  it("answers 404 for another customer's folder and deletes nothing", async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const folder = await createFolder(svc, alice, 'Kept')
    expect((await call('DELETE', `${FOLDERS}/${folder.id}`, bob.token)).statusCode).toBe(404)
    expect((await call('GET', FOLDERS, alice.token)).json().items).toHaveLength(1)
  })
})

describe('PATCH /v1/customer/receipts/{id}/folder', () => {
  it('files the receipt in a folder, moves it, and clears it with null or an empty body', async () => {
    const alice = await createCustomer(svc)
    const [a, b] = [await createFolder(svc, alice, 'A'), await createFolder(svc, alice, 'B')]
    const receipt = await saveReceipt(svc, alice)
    const move = (payload: object) => call('PATCH', `${RECEIPTS}/${receipt.id}/folder`, alice.token, payload)
    const filed = await move({ folderId: a.id })
    expect(filed.statusCode).toBe(200)
    expect(filed.json()).toMatchObject({ id: receipt.id, folderId: a.id })
    expect((await move({ folderId: b.id })).json().folderId).toBe(b.id)
    expect((await move({ folderId: null })).json().folderId).toBeNull()
    await move({ folderId: a.id })
    expect((await move({})).json().folderId).toBeNull()
    expect((await move({ folderId: 'a' })).statusCode).toBe(400)
    expect((await move({ folderId: a.id, extra: 1 })).statusCode).toBe(400)
  })

  it("answers 404 for another customer's folder, and for another customer's receipt", async () => {
    const [alice, bob] = [await createCustomer(svc), await createCustomer(svc)]
    const bobs = await createFolder(svc, bob, 'Bob')
    const alices = await createFolder(svc, alice, 'Alice')
    const receipt = await saveReceipt(svc, alice)
    const intoBobs = await call('PATCH', `${RECEIPTS}/${receipt.id}/folder`, alice.token, {
      folderId: bobs.id,
    })
    expect(intoBobs.statusCode).toBe(404)
    expect(intoBobs.json().message).toBe('No such folder')
    const byBob = await call('PATCH', `${RECEIPTS}/${receipt.id}/folder`, bob.token, { folderId: bobs.id })
    expect(byBob.statusCode).toBe(404)
    const byBobClear = await call('PATCH', `${RECEIPTS}/${receipt.id}/folder`, bob.token, { folderId: null })
    expect(byBobClear.statusCode).toBe(404)
    expect(byBobClear.json().message).toBe('No such receipt')
    const mine = await call('GET', `${RECEIPTS}/${receipt.id}`, alice.token)
    expect(mine.json().folderId).toBeNull()
    expect(
      (await call('GET', `${FOLDERS}`, bob.token)).json().items.map((f: { id: string }) => f.id),
    ).toEqual([bobs.id])
    expect(alices.id).not.toBe(bobs.id)
  })

  it('keeps /folders apart from /{id}: the static path is never read as a receipt id', async () => {
    const alice = await createCustomer(svc)
    expect((await call('GET', `${RECEIPTS}/folders`, alice.token)).statusCode).toBe(200)
    expect((await call('DELETE', `${RECEIPTS}/folders`, alice.token)).statusCode).toBe(400)
    expect((await call('GET', `${RECEIPTS}/folder`, alice.token)).statusCode).toBe(400)
  })
})
