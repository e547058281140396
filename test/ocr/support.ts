import { deflateSync } from 'node:zlib'
import { makeReceipt } from '../../scripts/receipts/receipt-model.js'
import { renderScan } from '../../scripts/receipts/render.js'

/** A real receipt (the corpus generator's) rendered as a clean scan, with its truth. */
export async function receiptScan(n = 2) {
  const receipt = makeReceipt('dev', n)
  const { png } = await renderScan(receipt)
  return { png, truth: receipt.truth }
}

function crc32(bytes: Buffer): number {
  let c = ~0
  for (const b of bytes) {
    c ^= b
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
  }
  return ~c >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/**
 * A decompression bomb: a valid grey PNG of side × side pixels whose zeros compress to a
 * few hundred kilobytes (12000² = 144 MB decoded).
 */
export function pngBomb(side = 12_000): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(side, 0)
  ihdr.writeUInt32BE(side, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  const raw = Buffer.alloc((side + 1) * side)
  const idat = deflateSync(raw, { level: 9 })
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Inputs a hostile client sends: each must end in a 4xx without reaching tesseract. */
export function hostileImages(bomb: Buffer, scan: Buffer): Buffer[] {
  const truncated = scan.subarray(0, Math.floor(scan.length / 3))
  const lying = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)])
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="99999" height="99999"><text>x</text></svg>',
  )
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)])
  const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251))
  return [bomb, truncated, lying, svg, heic, random]
}
