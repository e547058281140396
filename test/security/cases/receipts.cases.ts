import sharp from 'sharp'
import type { RouteCase } from '../world.js'

/** A small blank scan: read by the real engine, nothing found on it. */
let blank: Promise<string> | null = null
const blankScan = () => {
  blank ??= sharp({ create: { width: 120, height: 60, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer()
    .then((png) => png.toString('base64'))
  return blank
}

/** Receipts. */
export const cases: RouteCase[] = [
  {
    method: 'POST',
    route: '/v1/customer/receipts/ocr',
    request: async () => ({ url: '/v1/customer/receipts/ocr', payload: { imageBase64: await blankScan() } }),
  },
]
