import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../support/harness.js'
import {
  ageBlobRows,
  blobRowKeys,
  createCustomer,
  photo,
  RECEIPTS,
  receiptRow,
  saveReceipt,
  storedKeys,
} from '../support/receipt-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

/** Past the grace period (BLOB_ORPHAN_GRACE_SECONDS, 3600 s by default). */
const later = () => new Date(Date.now() + 2 * 3600_000)
const keysOf = async (id: string) => {
  const row = await receiptRow(svc, id)
  return [row!.imageKey, row!.thumbnailKey!]
}

describe('the save protocol', () => {
  it('leaves no object behind when the save fails after storing it', async () => {
    const bytes = new Uint8Array(await photo({ exif: false }))
    const before = await storedKeys(svc)
    const failed = svc.services.receipts.blobs.save(
      [{ bytes, contentType: 'image/jpeg' }],
      async (_tx, put) => {
        expect((await storedKeys(svc)).has(put[0]!.key)).toBe(true)
        throw new Error('the insert failed')
      },
    )
    await expect(failed).rejects.toThrow('the insert failed')
    expect(await storedKeys(svc)).toEqual(before)
    expect([...(await blobRowKeys(svc))].filter((k) => !before.has(k))).toEqual([])
  })

  it('keeps the object of a failed save when another receipt already uses the same bytes', async () => {
    const alice = await createCustomer(svc)
    const image = await photo()
    const saved = await saveReceipt(svc, alice, { image })
    const [imageKey] = await keysOf(saved.id)
    const stored = await svc.deps.blobs.get(imageKey!)
    const failed = svc.services.receipts.blobs.save(
      [{ bytes: stored!.bytes, contentType: 'image/jpeg' }],
      () => Promise.reject(new Error('no')),
    )
    await expect(failed).rejects.toThrow('no')
    expect((await storedKeys(svc)).has(imageKey!)).toBe(true)
    expect(
      (await svc.request({ method: 'GET', url: `${RECEIPTS}/${saved.id}/image`, token: alice.token }))
        .statusCode,
    ).toBe(200)
  })

  it('puts the object again when a deleter removed it between the put and the transaction', async () => {
    const bytes = new Uint8Array(await photo({ exif: false }))
    const key = await svc.services.receipts.blobs.save(
      [{ bytes, contentType: 'image/jpeg' }],
      async (_tx, put) => {
        // What a concurrent delete or sweep could do before this save took the key's lock.
        await svc.deps.blobs.delete(put[0]!.key)
        return put[0]!.key
      },
    )
    expect((await svc.deps.blobs.get(key))?.bytes).toEqual(bytes)
    expect((await blobRowKeys(svc)).has(key)).toBe(true)
  })

  it('keeps objects and rows in step under concurrent saves and deletes of the same photo', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => createCustomer(svc)))
    const image = await photo()
    const first = await Promise.all(customers.map((c) => saveReceipt(svc, c, { image })))
    const keys = await keysOf(first[0]!.id)
    // Half delete theirs while the others save the same photo again.
    const results = await Promise.all([
      ...first
        .slice(0, 3)
        .map((r, i) =>
          svc.request({ method: 'DELETE', url: `${RECEIPTS}/${r.id}`, token: customers[i]!.token }),
        ),
      ...customers.slice(3).map((c) => saveReceipt(svc, c, { image })),
    ])
    expect(results.slice(0, 3).map((r) => (r as { statusCode: number }).statusCode)).toEqual([200, 200, 200])
    const [objects, rows] = [await storedKeys(svc), await blobRowKeys(svc)]
    for (const key of keys) {
      expect(objects.has(key)).toBe(true)
      expect(rows.has(key)).toBe(true)
    }
    // Everyone left deletes theirs: nothing of the photo remains.
    for (const customer of customers.slice(3)) {
      const mine = await svc.request({ method: 'GET', url: RECEIPTS, token: customer.token })
      for (const r of mine.json().items) {
        await svc.request({ method: 'DELETE', url: `${RECEIPTS}/${r.id}`, token: customer.token })
      }
    }
    const [objectsAfter, rowsAfter] = [await storedKeys(svc), await blobRowKeys(svc)]
    for (const key of keys) {
      expect(objectsAfter.has(key)).toBe(false)
      expect(rowsAfter.has(key)).toBe(false)
    }
  })
})

describe('the orphan sweep', () => {
  it('removes an object a crash left (no row) once past the grace period; never a referenced one', async () => {
    const alice = await createCustomer(svc)
    const kept = await saveReceipt(svc, alice)
    const keptKeys = await keysOf(kept.id)
    await ageBlobRows(svc, keptKeys)
    // A save that crashed after its put: an object without a row.
    const crashed = await svc.deps.blobs.put(new Uint8Array(await photo({ exif: false })), 'image/jpeg')
    expect((await blobRowKeys(svc)).has(crashed.key)).toBe(false)

    // Within the grace period (a save may still be in flight): kept.
    expect((await svc.services.receipts.blobs.sweep()).orphanObjects).toBe(0)
    expect((await storedKeys(svc)).has(crashed.key)).toBe(true)

    const counts = await svc.services.receipts.blobs.sweep(later())
    expect(counts.orphanObjects).toBeGreaterThanOrEqual(1)
    const [objects, rows] = [await storedKeys(svc), await blobRowKeys(svc)]
    expect(objects.has(crashed.key)).toBe(false)
    for (const key of keptKeys) {
      expect(objects.has(key)).toBe(true)
      expect(rows.has(key)).toBe(true)
    }
    const image = await svc.request({
      method: 'GET',
      url: `${RECEIPTS}/${kept.id}/image`,
      token: alice.token,
    })
    expect(image.statusCode).toBe(200)
  })

  it('removes a row no receipt references (and its object) once past the grace period', async () => {
    const bytes = new Uint8Array(await photo({ exif: false }))
    // A row whose receipt is gone and whose clean-up failed: saved with nothing referencing it.
    const key = await svc.services.receipts.blobs.save(
      [{ bytes, contentType: 'image/jpeg' }],
      async (_tx, put) => put[0]!.key,
    )
    expect((await svc.services.receipts.blobs.sweep()).unreferencedRows).toBe(0)
    expect((await blobRowKeys(svc)).has(key)).toBe(true)
    const counts = await svc.services.receipts.blobs.sweep(later())
    expect(counts.unreferencedRows).toBeGreaterThanOrEqual(1)
    expect((await blobRowKeys(svc)).has(key)).toBe(false)
    expect((await storedKeys(svc)).has(key)).toBe(false)
  })
})
