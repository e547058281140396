import { randomInt } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { blobs, receipts } from '../../src/db/schema/index.js'
import { createUser, type TestUser } from './factories.js'
import type { TestService } from './harness.js'

export const RECEIPTS = '/v1/customer/receipts'

/** A customer with a token (signed in by a link: no password). */
export const createCustomer = (svc: TestService, name?: string): Promise<TestUser> =>
  createUser(svc.deps, { role: 'CUSTOMER', password: null, ...(name ? { name } : {}) })

/** GPS and device tags as a phone camera writes them. */
export const PHONE_EXIF = {
  IFD0: { Make: 'PhoneCo', Model: 'Snap 9', Software: 'SnapOS 4.2' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 2980/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 17/1 4000/100',
  },
}

/**
 * A distinct JPEG photo (random colour noise, so two calls never give the same bytes) carrying
 * GPS and device EXIF unless `exif: false`.
 */
export async function photo(
  options: { width?: number; height?: number; exif?: boolean; seed?: number } = {},
): Promise<Buffer> {
  const width = options.width ?? 320
  const height = options.height ?? 480
  const seed = options.seed ?? randomInt(1, 2 ** 31)
  const raw = Buffer.alloc(width * height * 3)
  let x = seed
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff
    raw[i] = 128 + ((x >> 16) % 64)
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 })
  return (options.exif === false ? image : image.withExif(PHONE_EXIF)).toBuffer()
}

/** Whether JPEG bytes still hold the GPS IFD pointer (tag 0x8825) or the phone's make. */
export async function hasGpsOrDevice(bytes: Buffer): Promise<boolean> {
  const { exif } = await sharp(bytes).metadata()
  const text = bytes.toString('latin1')
  if (text.includes('PhoneCo') || text.includes('Snap 9') || text.includes('SnapOS')) return true
  if (!exif) return false
  const little = exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]))
  const big = exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04]))
  return little || big
}

export const save = (svc: TestService, token: string | undefined, payload: unknown) =>
  svc.request({
    method: 'POST',
    url: RECEIPTS,
    payload: payload as object,
    ...(token ? { token } : {}),
  })

/** Saves a receipt (with ocrData unless `ocrData: null`: no OCR run) and answers its view. */
export async function saveReceipt(
  svc: TestService,
  user: TestUser,
  options: { image?: Buffer; ocrData?: object | null; folderId?: string } = {},
) {
  const image = options.image ?? (await photo())
  const ocrData =
    options.ocrData === undefined ? { merchant: 'Corner Shop', rawText: 'thank you' } : options.ocrData
  const res = await save(svc, user.token, {
    imageBase64: image.toString('base64'),
    ...(ocrData ? { ocrData } : {}),
    ...(options.folderId ? { folderId: options.folderId } : {}),
  })
  if (res.statusCode !== 200) throw new Error(`save answered ${res.statusCode}: ${res.body}`)
  return res.json()
}

export async function createFolder(svc: TestService, user: TestUser, name: string) {
  const res = await svc.request({
    method: 'POST',
    url: `${RECEIPTS}/folders`,
    payload: { name },
    token: user.token,
  })
  if (res.statusCode !== 200) throw new Error(`folder answered ${res.statusCode}: ${res.body}`)
  return res.json()
}

export async function receiptRow(svc: TestService, id: string) {
  const [row] = await svc.deps.db.select().from(receipts).where(eq(receipts.id, id))
  return row ?? null
}

/** Every stored object key (the blob store's own listing). */
export async function storedKeys(svc: TestService): Promise<Set<string>> {
  const keys = new Set<string>()
  for await (const object of svc.deps.blobs.list()) keys.add(object.key)
  return keys
}

export async function blobRowKeys(svc: TestService): Promise<Set<string>> {
  const rows = await svc.deps.db.select({ key: blobs.key }).from(blobs)
  return new Set(rows.map((r) => r.key))
}

/** Makes the receipt's blob rows look last used long ago (for the sweep). */
export async function ageBlobRows(svc: TestService, keys: string[]): Promise<void> {
  for (const key of keys) {
    await svc.deps.db
      .update(blobs)
      .set({ lastUsedAt: sql`now() - interval '2 days'` })
      .where(eq(blobs.key, key))
  }
}

/** A one-page PDF with no text on it (kept as sent; OCR finds nothing: FAILED). */
export function blankPdf(): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  )
}
