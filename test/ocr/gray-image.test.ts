import { describe, expect, it } from 'vitest'
import { type Gray, splitRows, textGeometry, widenToEdges } from '../../src/adapters/ocr/gray-image.js'

function image(width: number, height: number, pixel: (x: number, y: number) => number): Gray {
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = pixel(x, y)
  return { data, width, height }
}

/** Text-like lines: 12 px of ink stripes (two greys) every 30 px, on white. */
const lines = (x: number, y: number) =>
  y % 30 < 12 && x % 7 < 4 && x > 20 && x < 380 ? (x % 7 === 3 ? 60 : 20) : 255

describe('gray-image', () => {
  it('measures line height and no skew on level lines', () => {
    const g = textGeometry(image(400, 600, lines))
    expect(g.skew).toBe(0)
    expect(g.lineHeight).toBeGreaterThanOrEqual(11)
    expect(g.lineHeight).toBeLessThanOrEqual(13)
  })

  it('cuts a page into bands at blank rows, keeping every row once', () => {
    const page = image(400, 900, lines)
    const bands = splitRows(page, 2)
    expect(bands).toHaveLength(2)
    expect(bands[0]!.height + bands[1]!.height).toBe(900)
    const cut = bands[0]!.height
    expect(cut % 30).toBeGreaterThanOrEqual(12)
  })

  it('follows paper under a light gradient to its edge, not into the background', () => {
    // Paper from x 20 to 179 fading from 250 to 130 left to right, on a background of 60.
    const img = image(200, 100, (x, y) =>
      x >= 20 && x < 180 && y >= 10 && y < 90 ? Math.round(250 - ((x - 20) * 120) / 160) : 60,
    )
    // What a global threshold of 170 finds: x up to ~126.
    const box = { x0: 20, y0: 10, x1: 126, y1: 89 }
    const wide = widenToEdges(img, box, 170, 12, 90)
    expect(wide.x1).toBe(179)
    expect(wide.x0).toBe(20)
    expect(wide.y0).toBe(10)
    expect(wide.y1).toBe(89)
  })
})
