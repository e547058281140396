import sharp, { type OutputInfo } from 'sharp'
import { makeReceipt } from '../../scripts/receipts/receipt-model.js'
import { renderPhoto, renderScan } from '../../scripts/receipts/render.js'

/**
 * Dev receipt `n` photographed on a table, scaled to a phone camera's 4000-px long side (~14 MP)
 * with deterministic sensor noise: raw grey pixels, for the caller to encode, and the truth.
 */
export async function noisyPhonePhoto(n: number): Promise<{
  data: Buffer
  info: OutputInfo
  total: number | null
}> {
  const receipt = makeReceipt('dev', n)
  const photo = await renderPhoto(await renderScan(receipt), n)
  const { data, info } = await sharp(photo)
    .resize({ width: 4000, height: 4000, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  let seed = n * 7919 + 1
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    data[i] = Math.max(0, Math.min(255, data[i]! + ((seed >> 16) % 25) - 12))
  }
  return { data, info, total: receipt.truth.total }
}
