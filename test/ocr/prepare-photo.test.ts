import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { prepareImage } from '../../src/adapters/ocr/preprocess.js'

/** A sheet turned 10° on a dark textured table, with lines of text, as a JPEG photo. */
async function photo(): Promise<Buffer> {
  const rows = Array.from(
    { length: 12 },
    (_, i) =>
      `<text x="60" y="${90 + i * 44}" font-family="DejaVu Sans Mono" font-size="26" fill="#222">ITEM ${i} WHOLEMEAL BREAD 1.${10 + i}</text>`,
  ).join('')
  const stripes = Array.from(
    { length: 40 },
    (_, i) => `<rect x="0" y="${i * 30}" width="1200" height="12" fill="#4a2630"/>`,
  ).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1000"><rect width="100%" height="100%" fill="#6b3a44"/>${stripes}<g transform="rotate(10 600 500)"><rect x="200" y="170" width="800" height="640" fill="#eeece6"/><g transform="translate(200 170)">${rows}</g></g></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

describe('preparing a photo', () => {
  it('paints the table around a turned sheet white and keeps the text on it', async () => {
    const prepared = await prepareImage(await photo(), { maxPixels: 40_000_000, whiten: true })
    expect(prepared.steps).toEqual(expect.arrayContaining(['crop', 'whiten']))
    const { data, width, height } = prepared.gray
    const at = (x: number, y: number) => data[Math.round(y) * width + Math.round(x)]!
    // The corners of the crop are table, not paper: white now, not a black frame.
    for (const [x, y] of [
      [3, 3],
      [width - 4, 3],
      [3, height - 4],
      [width - 4, height - 4],
    ])
      expect(at(x!, y!)).toBe(255)
    // The text is still there: dark ink in the middle of the page.
    let ink = 0
    for (let y = Math.round(height * 0.3); y < height * 0.7; y++)
      for (let x = Math.round(width * 0.2); x < width * 0.8; x++) if (at(x, y) < 100) ink++
    expect(ink).toBeGreaterThan(2000)
    // Not asked (the default), the background stays as the lighting pass left it.
    const plain = await prepareImage(await photo(), { maxPixels: 40_000_000 })
    expect(plain.steps).not.toContain('whiten')
  })
})
