import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { receiptShares } from '../../../src/db/schema/index.js'
import { createOneTimeToken } from '../../../src/lib/one-time-tokens.js'
import type { RouteCase, World } from '../world.js'

/** A small blank scan: read by the real engine, nothing found on it. */
let blank: Promise<string> | null = null
const blankScan = () => {
  blank ??= sharp({ create: { width: 120, height: 60, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer()
    .then((png) => png.toString('base64'))
  return blank
}

/** A fresh receipt of the world's customer (saved through the service, with data: no OCR run). */
const receiptOf = async (w: World) => {
  const { receipts } = w.svc.services.receipts
  const png = await sharp({
    create: {
      width: 40,
      height: 30,
      channels: 3,
      background: { r: 200, g: Math.floor(Math.random() * 255), b: 90 },
    },
  })
    .png()
    .toBuffer()
  return receipts.save(w.customer.id, { imageBase64: png.toString('base64'), ocrData: { merchant: 'Walk' } })
}

const folderOf = (w: World) =>
  w.svc.services.receipts.folders.create(w.customer.id, `walk ${randomUUID().slice(0, 8)}`)

const shareOf = async (w: World) => {
  const receipt = await receiptOf(w)
  return w.svc.services.receipts.shares.share(w.customer.id, receipt.id, 'shop@example.com')
}

/** A link to a fresh receipt: the token written directly (the e-mailed one is sealed in the outbox). */
const linkOf = async (w: World) => {
  const receipt = await receiptOf(w)
  const { token, hash } = createOneTimeToken()
  await w.svc.deps.db.insert(receiptShares).values({
    receiptId: receipt.id,
    customerId: w.customer.id,
    tokenHash: hash,
    toEmail: 'shop@example.com',
    expiresAt: new Date(Date.now() + 86_400_000),
  })
  return token
}

const R = '/v1/customer/receipts'

/** Receipts. Customer routes admit only CUSTOMER; the world's other roles get 403. */
export const cases: RouteCase[] = [
  {
    method: 'POST',
    route: '/v1/customer/receipts/ocr',
    request: async () => ({ url: '/v1/customer/receipts/ocr', payload: { imageBase64: await blankScan() } }),
  },
  {
    method: 'POST',
    route: R,
    request: async () => ({
      url: R,
      payload: { imageBase64: await blankScan(), ocrData: { merchant: 'x' } },
    }),
  },
  { method: 'GET', route: R, request: () => ({ url: R }) },
  { method: 'GET', route: `${R}/:id`, request: async (w) => ({ url: `${R}/${(await receiptOf(w)).id}` }) },
  {
    method: 'GET',
    route: `${R}/:id/image`,
    request: async (w) => ({ url: `${R}/${(await receiptOf(w)).id}/image` }),
  },
  {
    method: 'GET',
    route: `${R}/:id/thumbnail`,
    request: async (w) => ({ url: `${R}/${(await receiptOf(w)).id}/thumbnail` }),
  },
  { method: 'DELETE', route: `${R}/:id`, request: async (w) => ({ url: `${R}/${(await receiptOf(w)).id}` }) },
  {
    method: 'PATCH',
    route: `${R}/:id`,
    request: async (w) => ({ url: `${R}/${(await receiptOf(w)).id}`, payload: { merchant: 'Edited' } }),
  },
  {
    method: 'PATCH',
    route: `${R}/:id/folder`,
    request: async (w) => ({ url: `${R}/${(await receiptOf(w)).id}/folder`, payload: { folderId: null } }),
  },
  {
    method: 'POST',
    route: `${R}/:id/warranty`,
    request: async (w) => ({
      url: `${R}/${(await receiptOf(w)).id}/warranty`,
      payload: { warrantyId: null },
    }),
  },
  { method: 'GET', route: `${R}/folders`, request: () => ({ url: `${R}/folders` }) },
  {
    method: 'POST',
    route: `${R}/folders`,
    request: () => ({ url: `${R}/folders`, payload: { name: `walk ${randomUUID().slice(0, 8)}` } }),
  },
  {
    method: 'PATCH',
    route: `${R}/folders/:folderId`,
    request: async (w) => ({
      url: `${R}/folders/${(await folderOf(w)).id}`,
      payload: { name: `renamed ${randomUUID().slice(0, 8)}` },
    }),
  },
  {
    method: 'DELETE',
    route: `${R}/folders/:folderId`,
    request: async (w) => ({ url: `${R}/folders/${(await folderOf(w)).id}` }),
  },
  {
    method: 'POST',
    route: `${R}/:id/share-email`,
    request: async (w) => ({
      url: `${R}/${(await receiptOf(w)).id}/share-email`,
      payload: { toEmail: 'repairs@example.com' },
    }),
  },
  {
    method: 'POST',
    route: `${R}/:id/share-link`,
    request: async (w) => ({ url: `${R}/${(await receiptOf(w)).id}/share-link` }),
  },
  {
    method: 'GET',
    route: `${R}/:id/shares`,
    request: async (w) => ({ url: `${R}/${(await receiptOf(w)).id}/shares` }),
  },
  {
    method: 'DELETE',
    route: `${R}/shares/:shareId`,
    request: async (w) => ({ url: `${R}/shares/${(await shareOf(w)).id}` }),
  },
  {
    method: 'GET',
    route: '/v1/global/receipt-share/:token',
    request: async (w) => ({ url: `/v1/global/receipt-share/${await linkOf(w)}` }),
  },
  {
    method: 'GET',
    route: '/v1/global/receipt-share/:token/image',
    request: async (w) => ({ url: `/v1/global/receipt-share/${await linkOf(w)}/image` }),
  },
]
