import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  decodeImageBase64,
  decodingFailure,
  prepareReceiptImage,
  ReceiptImageError,
  THUMBNAIL_WIDTH,
} from '../../src/modules/receipts/receipt-image.js'
import { jpegClaiming, pngBomb, pngHeaderOnly, pngWithText, withJpegComment } from './image-fixtures.js'

const maxPixels = 40_000_000

/** A JPEG from a phone: make, model, GPS position, a description, XMP and a comment. */
async function phonePhoto(orientation = 1): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: { create: { width: 100, height: 100, channels: 3, background: '#0000ff' } },
        left: 100,
        top: 0,
      },
    ])
    .jpeg()
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'AcmePhoneMaker', Model: 'Pro Max 99', Software: 'CameraApp 1.2', Artist: 'Jane Owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2405/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 84/100',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="XmpSecretCreator"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer()
  return withJpegComment(jpeg, 'CommentSecret home address')
}

const SECRETS = [
  'AcmePhoneMaker',
  'Pro Max 99',
  'CameraApp',
  'Jane Owner',
  'XmpSecretCreator',
  'CommentSecret',
]

async function expectClean(bytes: Uint8Array): Promise<void> {
  const meta = await sharp(bytes).metadata()
  expect(meta.exif).toBeUndefined()
  expect(meta.xmp).toBeUndefined()
  expect(meta.iptc).toBeUndefined()
  expect(meta.comments).toBeUndefined()
  expect(meta.orientation).toBeUndefined()
  const text = Buffer.from(bytes).toString('latin1')
  for (const secret of [...SECRETS, 'Exif\0\0', 'http://ns.adobe.com']) expect(text).not.toContain(secret)
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; kind: string; path: string }> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ReceiptImageError)
  const e = err as ReceiptImageError
  expect(e.code).toBe('validation_error')
  return { status: e.status, kind: e.kind, path: e.details?.[0]?.path ?? '' }
}

describe('decodeImageBase64', () => {
  it('reads standard base64 with or without padding', () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10])
    expect(Buffer.from(decodeImageBase64(bytes.toString('base64')))).toEqual(bytes)
    expect(Buffer.from(decodeImageBase64(bytes.toString('base64').replace(/=+$/, '')))).toEqual(bytes)
    expect(Buffer.from(decodeImageBase64('+/+/'))).toEqual(Buffer.from([0xfb, 0xff, 0xbf]))
  })

  it.each([
    ['an empty string', ''],
    ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['whitespace', 'iVBO Rw0K'],
    ['a line break', 'iVBORw0K\nGgo='],
    ['the URL-safe alphabet', '-_-_'],
    ['padding in the middle', 'QQ==QQ=='],
    ['too much padding', 'QQ==='],
    ['a length no bytes have', 'QUJDR'],
    ['bits decoding would drop', 'QR=='],
    ['padding where none fits', 'QUJD='],
    ['partial padding', 'QQ='],
    ['non-ASCII letters', 'QUJDé'],
  ])('refuses %s with 400 invalid_image', (_, text) => {
    let caught: unknown
    try {
      decodeImageBase64(text)
    } catch (e) {
      caught = e
    }
    expect(caught).toBeInstanceOf(ReceiptImageError)
    expect((caught as ReceiptImageError).status).toBe(400)
    expect((caught as ReceiptImageError).details).toEqual([
      { path: '/body/imageBase64', message: 'invalid_image' },
    ])
  })
})

describe('prepareReceiptImage: metadata', () => {
  it('strips GPS, device, XMP and comments from a phone JPEG, and keeps the picture', async () => {
    const photo = await phonePhoto()
    const before = await sharp(photo).metadata()
    expect(before.exif?.length).toBeGreaterThan(100)
    expect(photo.toString('latin1')).toContain('AcmePhoneMaker')
    const out = await prepareReceiptImage(photo, { maxPixels })
    expect(out.contentType).toBe('image/jpeg')
    expect([out.width, out.height]).toEqual([200, 100])
    await expectClean(out.image)
    await expectClean(out.thumbnail!.bytes)
  })

  it('strips EXIF and XMP from WebP and text chunks from PNG', async () => {
    const webp = await sharp(await phonePhoto())
      .webp()
      .keepExif()
      .keepXmp()
      .toBuffer()
    expect(webp.toString('latin1')).toContain('AcmePhoneMaker')
    const outWebp = await prepareReceiptImage(webp, { maxPixels })
    expect(outWebp.contentType).toBe('image/webp')
    await expectClean(outWebp.image)

    const png = await pngWithText('Comment', 'CommentSecret scanned at home')
    expect((await sharp(png).metadata()).comments?.[0]?.text).toContain('CommentSecret')
    const outPng = await prepareReceiptImage(png, { maxPixels })
    expect(outPng.contentType).toBe('image/png')
    await expectClean(outPng.image)
  })

  it('applies the EXIF orientation: a photo taken sideways comes out upright', async () => {
    // Orientation 6: shown turned 90° clockwise, so the red left half ends up on top.
    const out = await prepareReceiptImage(await phonePhoto(6), { maxPixels })
    expect([out.width, out.height]).toEqual([100, 200])
    const { data, info } = await sharp(out.image).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ]
    const [rTop, , bTop] = pixel(50, 20)
    const [rBottom, , bBottom] = pixel(50, 180)
    expect(rTop).toBeGreaterThan(200)
    expect(bTop).toBeLessThan(60)
    expect(bBottom).toBeGreaterThan(200)
    expect(rBottom).toBeLessThan(60)
    const thumb = await sharp(out.thumbnail!.bytes).metadata()
    expect(thumb.height).toBeGreaterThan(thumb.width!)
  })

  it('makes a WebP thumbnail at most 320 px wide and never larger than the image', async () => {
    const wide = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#eeeeee' } })
      .png()
      .toBuffer()
    const out = await prepareReceiptImage(wide, { maxPixels })
    const thumb = await sharp(out.thumbnail!.bytes).metadata()
    expect(out.thumbnail!.contentType).toBe('image/webp')
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', THUMBNAIL_WIDTH, 180])
    const small = await prepareReceiptImage(await phonePhoto(), { maxPixels })
    expect((await sharp(small.thumbnail!.bytes).metadata()).width).toBe(200)
  })
})

describe('prepareReceiptImage: the type comes from the bytes', () => {
  let png: Buffer
  let jpeg: Buffer
  beforeAll(async () => {
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
    jpeg = await sharp(png).jpeg().toBuffer()
  })

  it('answers the sniffed type whatever the upload claimed to be', async () => {
    expect((await prepareReceiptImage(png, { maxPixels })).contentType).toBe('image/png')
    expect((await prepareReceiptImage(jpeg, { maxPixels })).contentType).toBe('image/jpeg')
  })

  it('keeps a PDF as sent, without a thumbnail', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    )
    const out = await prepareReceiptImage(pdf, { maxPixels })
    expect(out).toEqual({
      image: pdf,
      contentType: 'application/pdf',
      width: null,
      height: null,
      thumbnail: null,
    })
  })

  it.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    [
      'HEIC',
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]),
    ],
    ['plain text', Buffer.from('merchant: ACME, total 12.00')],
  ])('refuses %s with 400 unsupported_type', async (_, bytes) => {
    expect(await refusal(prepareReceiptImage(bytes, { maxPixels }))).toMatchObject({
      status: 400,
      kind: 'unsupported_type',
      path: '/body/imageBase64',
    })
  })

  it('cannot read HEIC with this sharp build (libheif has AVIF only), so refuses it by type', () => {
    expect(sharp.format.heif.input.fileSuffix).toEqual(['.avif'])
  })
})

describe('prepareReceiptImage: bombs and damaged files', () => {
  let jpeg: Buffer
  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer()
  })

  it('refuses a 100 MP PNG of 100 KB from its header: 400 image_too_large', async () => {
    const bomb = pngBomb(10_000)
    expect(bomb.length).toBeLessThan(120_000)
    expect(await refusal(prepareReceiptImage(bomb, { maxPixels }))).toMatchObject({ kind: 'image_too_large' })
    // Under a lower bound an image the default accepts is refused the same way.
    const fine = pngBomb(2000)
    expect((await prepareReceiptImage(fine, { maxPixels })).width).toBe(2000)
    expect(await refusal(prepareReceiptImage(fine, { maxPixels: 1_000_000 }))).toMatchObject({
      kind: 'image_too_large',
    })
  })

  it('refuses headers that claim huge sizes (PNG, JPEG) before decoding', async () => {
    for (const bytes of [pngHeaderOnly(65_000, 65_000), jpegClaiming(jpeg, 60_000, 60_000)]) {
      expect(await refusal(prepareReceiptImage(bytes, { maxPixels }))).toMatchObject({
        kind: 'image_too_large',
      })
    }
  })

  it.each([
    ['a truncated JPEG', () => jpeg.subarray(0, Math.floor(jpeg.length * 0.6))],
    [
      'a JPEG marker and noise',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600, 7)]),
    ],
    [
      'a PNG signature and noise',
      () => Buffer.concat([pngHeaderOnly(1, 1).subarray(0, 8), Buffer.alloc(200, 3)]),
    ],
    ['a PNG whose pixel data stops short', () => pngHeaderOnly(500, 500)],
    ['a WebP header alone', () => Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00', 'latin1')],
    ['a PDF cut short', () => Buffer.from(`%PDF-1.7\n${'1 0 obj << >> endobj\n'.repeat(5)}`)],
    [
      'a PDF with JavaScript',
      () =>
        Buffer.from(
          `%PDF-1.7\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF`,
        ),
    ],
    [
      'a PDF hiding /JavaScript behind #xx escapes',
      () =>
        Buffer.from(`%PDF-1.7\n1 0 obj << /S /J#61vaScript /J#53 (x) >> endobj\n${' '.repeat(40)}\n%%EOF`),
    ],
    [
      'a PDF carrying a file',
      () =>
        Buffer.from(
          `%PDF-1.7\n1 0 obj << /Names << /EmbeddedFiles 2 0 R >> >> endobj\n${' '.repeat(20)}%%EOF`,
        ),
    ],
  ])('refuses %s with 400 invalid_image', async (_, make) => {
    expect(await refusal(prepareReceiptImage(make(), { maxPixels }))).toMatchObject({
      status: 400,
      kind: 'invalid_image',
    })
  })
})

describe('prepareReceiptImage: memory under a burst of hostile uploads', () => {
  it('answers 20 concurrent bombs and damaged images with 400, RSS growing by less than 96 MB', async () => {
    // Noise: a JPEG large enough to cut in the middle of its scan data.
    const jpeg = await sharp(randomBytes(600 * 400 * 3), { raw: { width: 600, height: 400, channels: 3 } })
      .jpeg()
      .toBuffer()
    const hostile = [
      () => pngBomb(10_000), // 100 MP in ~100 KB
      () => pngBomb(7_000), // 49 MP
      () => jpegClaiming(jpeg, 60_000, 60_000),
      () => pngHeaderOnly(65_000, 65_000),
      // Within the pixel bound by their headers, damaged after: these reach the decoder.
      () => jpegClaiming(jpeg, 6_000, 6_000).subarray(0, Math.floor(jpeg.length / 2)),
      () => pngHeaderOnly(6_000, 6_000),
      () => pngBomb(6_000).subarray(0, 20_000),
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4_000, 9)]),
    ]
    const uploads = Array.from({ length: 20 }, (_, i) => hostile[i % hostile.length]!())
    // Warm up: sharp's libraries and pools are loaded before the baseline.
    await Promise.all(
      uploads.slice(0, 8).map((bytes) => prepareReceiptImage(bytes, { maxPixels }).catch(() => null)),
    )
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 2)
    try {
      const outcomes = await Promise.all(
        uploads.map((bytes) => refusal(prepareReceiptImage(bytes, { maxPixels }))),
      )
      peak = Math.max(peak, process.memoryUsage().rss)
      expect(outcomes.every((o) => o.status === 400)).toBe(true)
      expect(outcomes.filter((o) => o.kind === 'image_too_large')).toHaveLength(12)
    } finally {
      clearInterval(sampler)
    }
    const growthMb = (peak - baseline) / 2 ** 20
    console.info(
      `receipt image burst: RSS ${Math.round(baseline / 2 ** 20)} MB → peak +${growthMb.toFixed(1)} MB`,
    )
    expect(growthMb).toBeLessThan(96)
  })
})

describe('prepareReceiptImage: memory under a burst of large images within the bound', () => {
  it('decodes at most two at a time: 20 concurrent 36 MP images grow RSS by less than 200 MB', async () => {
    // A 600 × 400 JPEG whose header says 6000 × 6000: each decodes to 36 MP (108 MB of pixels).
    const small = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#a0a0a0' } })
      .jpeg()
      .toBuffer()
    const large = jpegClaiming(small, 6_000, 6_000)
    await prepareReceiptImage(large, { maxPixels })
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 2)
    try {
      const outs = await Promise.all(
        Array.from({ length: 20 }, () => prepareReceiptImage(large, { maxPixels })),
      )
      expect(outs.every((o) => o.width === 6_000 && o.height === 6_000)).toBe(true)
    } finally {
      clearInterval(sampler)
    }
    const growthMb = (peak - baseline) / 2 ** 20
    console.info(
      `receipt image 36 MP burst: RSS ${Math.round(baseline / 2 ** 20)} MB → peak +${growthMb.toFixed(1)} MB`,
    )
    expect(growthMb).toBeLessThan(200)
  })
})

describe('a decode that outlasts its time limit', () => {
  it('is 503 unavailable with Retry-After (try again later), not a broken image', async () => {
    // A real libvips time limit: a large blur given one second.
    const err = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#fff' } })
      .blur(40)
      .timeout({ seconds: 1 })
      .png()
      .toBuffer()
      .then(
        () => null,
        (e: unknown) => e,
      )
    expect(String(err)).toMatch(/timeout: \d+% complete/)
    const failure = decodingFailure(err, 1_000_000)
    expect(failure).toMatchObject({ code: 'unavailable', status: 503, retryAfter: 30 })
    expect(
      decodingFailure(new Error('Input file contains unsupported image format'), 1_000_000),
    ).toMatchObject({
      code: 'validation_error',
      kind: 'invalid_image',
    })
    expect(decodingFailure(new Error('Input image exceeds pixel limit'), 1_000_000, '/body/x')).toMatchObject(
      { kind: 'image_too_large', details: [{ path: '/body/x', message: 'image_too_large' }] },
    )
  })
})
