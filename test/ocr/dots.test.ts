import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { closeInk, closingGain, DOTTED_GAIN, joinDots } from '../../src/adapters/ocr/dots.js'
import type { Gray } from '../../src/adapters/ocr/gray-image.js'
import { prepareImage } from '../../src/adapters/ocr/preprocess.js'

function image(width: number, height: number, pixel: (x: number, y: number) => number): Gray {
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = pixel(x, y)
  return { data, width, height }
}

/** Letter-like shapes: lines of 24 px, each letter a 3 px stem and a 3 px bar, 12 px apart. */
const letter = (x: number, y: number) => {
  const row = y % 36
  const col = x % 12
  if (y < 8 || x < 10 || x > 590 || row >= 24) return false
  return (col < 3 && row >= 2) || (row >= 12 && row < 15 && col < 9)
}
const solid = image(600, 400, (x, y) => (letter(x, y) ? 30 : 245))
/** The same letters printed as dots: a 4 px grid of 3 px dots, 1 px of paper between them. */
const dotted = image(600, 400, (x, y) => (letter(x, y) && x % 4 < 3 && y % 4 < 3 ? 30 : 245))

const inkCount = (img: Gray) => img.data.filter((v) => v < 128).length

describe('dotted print', () => {
  it('tells dotted letters from solid ones by the ink a closing adds', () => {
    expect(closingGain(solid, closeInk(solid, 1))).toBeLessThan(1.01)
    expect(closingGain(dotted, closeInk(dotted, 1))).toBeGreaterThan(DOTTED_GAIN)
    expect(joinDots(solid, 1)).toBeNull()
    expect(joinDots(dotted, 1)).not.toBeNull()
  })

  it('does not call a blank or nearly blank page dotted', () => {
    expect(
      joinDots(
        image(300, 300, () => 250),
        1,
      ),
    ).toBeNull()
    expect(
      joinDots(
        image(300, 300, (x, y) => (x % 9 === 0 && y % 9 === 0 ? 0 : 250)),
        1,
      ),
    ).toBeNull()
  })

  it('joins the dots into strokes, and leaves solid print as it was', () => {
    const joined = joinDots(dotted, 1)!
    // A second closing adds nothing: the dots are strokes now.
    expect(closingGain(joined, closeInk(joined, 1))).toBeLessThan(1.01)
    // Only the gaps inside a letter are filled: its outline is where the dots' was.
    expect(inkCount(joined)).toBeLessThanOrEqual(inkCount(solid))
    expect(inkCount(joined)).toBeGreaterThan(inkCount(dotted) * 1.2)
    expect(Buffer.compare(closeInk(solid, 1).data, solid.data)).toBe(0)
    expect(closeInk(solid, 0)).toBe(solid)
  })

  it('prepares a dotted scan with the closing and a solid one without', async () => {
    const svg = (dots: boolean) => {
      const fill = dots ? 'url(#d)' : '#222'
      const rows = Array.from(
        { length: 14 },
        (_, i) =>
          `<text x="40" y="${70 + i * 40}" font-family="DejaVu Sans Mono" font-size="26" fill="${fill}">INVOICE ${1000 + i} HEX BOLT M8 40.${10 + i}</text>`,
      ).join('')
      return Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="660"><defs><pattern id="d" width="4" height="4" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.7" fill="#222"/></pattern></defs><rect width="100%" height="100%" fill="#fbfbf4"/>${rows}</svg>`,
      )
    }
    const prepare = async (dots: boolean) =>
      prepareImage(await sharp(svg(dots)).png().toBuffer(), { maxPixels: 40_000_000 })
    expect((await prepare(true)).steps).toContain('dots')
    expect((await prepare(false)).steps).not.toContain('dots')
  })
})
