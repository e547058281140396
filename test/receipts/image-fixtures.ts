import { constants, deflateRawSync, deflateSync } from 'node:zlib'
import sharp from 'sharp'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(body.length + 8)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), body.length + 4)
  return out
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function ihdr(width: number, height: number): Buffer {
  const data = Buffer.alloc(13)
  data.writeUInt32BE(width, 0)
  data.writeUInt32BE(height, 4)
  data[8] = 8 // bit depth
  data[9] = 0 // greyscale
  return pngChunk('IHDR', data)
}

/**
 * A real decompression bomb: a greyscale PNG of `side` × `side` black pixels whose data inflates
 * to `side × (side + 1)` zero bytes (10,000² = 100 MP from about 100 KB). Built without ever
 * holding the pixels: one fully flushed deflate block of zero rows, repeated (each ends on a byte
 * boundary with an empty dictionary), then a final empty block and the zlib checksum.
 */
export function pngBomb(side: number): Buffer {
  const rowsPerBlock = 100
  if (side % rowsPerBlock !== 0) throw new Error(`side must be a multiple of ${rowsPerBlock}`)
  const total = side * (side + 1)
  const block = deflateRawSync(Buffer.alloc(rowsPerBlock * (side + 1)), {
    level: 9,
    finishFlush: constants.Z_FULL_FLUSH,
  })
  const adler = Buffer.alloc(4)
  // Adler-32 of zeros: a stays 1, b adds 1 for every byte.
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0)
  const zlib = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: side / rowsPerBlock }, () => block),
    Buffer.from([0x03, 0x00]),
    adler,
  ])
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(side, side),
    pngChunk('IDAT', zlib),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A PNG whose header claims `width` × `height` but whose data stops after a few bytes. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A PNG with a tEXt chunk (a comment a scanner or an editor might write). */
export async function pngWithText(keyword: string, text: string): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()
  const chunk = pngChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'))
  // After the signature and IHDR (8 + 25 bytes).
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)])
}

/** A JPEG with a comment segment (COM) right after SOI. */
export function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1')
  const segment = Buffer.alloc(4)
  segment.writeUInt16BE(0xfffe, 0)
  segment.writeUInt16BE(text.length + 2, 2)
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)])
}

/** The JPEG with its frame header (SOF0/SOF2) rewritten to claim `width` × `height`. */
export function jpegClaiming(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg)
  for (let i = 2; i < out.length - 9; ) {
    if (out[i] !== 0xff) break
    const marker = out[i + 1]!
    const length = out.readUInt16BE(i + 2)
    if (marker === 0xc0 || marker === 0xc2) {
      out.writeUInt16BE(height, i + 5)
      out.writeUInt16BE(width, i + 7)
      return out
    }
    i += 2 + length
  }
  throw new Error('no frame header found')
}
