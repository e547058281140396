import sharp from 'sharp'
import { type PrintLine, type Receipt, rng } from './receipt-model.js'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The receipt as a clean scan: SVG text rendered by sharp (librsvg) at 300 dpi (A4 at 150). */
export async function renderScan(receipt: Receipt): Promise<{ png: Buffer; width: number; height: number }> {
  const { layout, font } = receipt.truth
  const a4 = layout === 'a4'
  const width = a4 ? 1240 : layout === '58mm' ? 685 : 945
  const margin = a4 ? 110 : layout === '58mm' ? 59 : 47
  const chars = layout === '58mm' ? 32 : 44
  const mono = /Mono|Inconsolata/.test(font)
  const size = a4 ? 21 : Math.floor(((width - 2 * margin) / chars) * (mono ? 1.62 : 1.5))
  const lineHeight = Math.round(size * 1.3)
  const parts: string[] = []
  let y = margin + size
  const text = (x: number, line: PrintLine, content: string, anchor: 'start' | 'middle' | 'end') => {
    const s = Math.round(size * (line.size ?? 1))
    parts.push(
      `<text x="${x}" y="${y}" font-family="${font}" font-size="${s}" text-anchor="${anchor}"${line.bold ? ' font-weight="bold"' : ''} xml:space="preserve">${esc(content)}</text>`,
    )
  }
  for (const line of receipt.lines) {
    y += Math.round(lineHeight * ((line.size ?? 1) - 1))
    if (line.align === 'center') text(width / 2, line, line.left, 'middle')
    else if (line.left) text(margin, line, line.left, 'start')
    if (line.right !== undefined) {
      const cols = line.right.split('|')
      if (a4 && cols.length === 3) {
        const xs = [760, 960, width - margin]
        for (const [i, c] of cols.entries()) if (c) text(xs[i]!, line, c, 'end')
      } else text(width - margin, line, line.right, 'end')
    }
    y += lineHeight
  }
  const height = y + margin
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fcfcfa"/>${parts.join('')}</svg>`
  const png = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer()
  return { png, width, height }
}

/** Solves the 3×3 homography mapping `from[i]` to `to[i]` (four points). */
function homography(from: number[][], to: number[][]): number[] {
  const a: number[][] = []
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!
    const [u, v] = to[i]!
    a.push([x!, y!, 1, 0, 0, 0, -u! * x!, -u! * y!, u!])
    a.push([0, 0, 0, x!, y!, 1, -v! * x!, -v! * y!, v!])
  }
  for (let c = 0; c < 8; c++) {
    let p = c
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r
    ;[a[c], a[p]] = [a[p]!, a[c]!]
    for (let r = 0; r < 8; r++) {
      if (r === c) continue
      const f = a[r]![c]! / a[c]![c]!
      for (let k = c; k < 9; k++) a[r]![k]! -= f * a[c]![k]!
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1]
}

/**
 * The same receipt photographed on a table: placed at an angle with perspective, a textured
 * background, light falling off across the page, a soft shadow, blur, sensor noise, JPEG.
 */
export async function renderPhoto(
  scan: { png: Buffer; width: number; height: number },
  seed: number,
): Promise<Buffer> {
  const r = rng(seed)
  const src = await sharp(scan.png).removeAlpha().raw().toBuffer()
  const { width: sw, height: sh } = scan
  const pad = 0.12 + r() * 0.12
  const W = Math.round(sw * (1 + 2 * pad) + 40)
  const H = Math.round(sh * (1 + pad) + 40)
  const angle = ((r() * 2 - 1) * 12 * Math.PI) / 180
  const cx = W / 2 + (r() - 0.5) * sw * 0.1
  const cy = H / 2 + (r() - 0.5) * sh * 0.05
  const jitter = () => (r() * 2 - 1) * 0.03
  const corners = [
    [-0.5 + jitter(), -0.5 + jitter()],
    [0.5 + jitter(), -0.5 + jitter()],
    [0.5 + jitter(), 0.5 + jitter()],
    [-0.5 + jitter(), 0.5 + jitter()],
  ].map(([u, v]) => {
    const x = u! * sw
    const y = v! * sh
    return [cx + x * Math.cos(angle) - y * Math.sin(angle), cy + x * Math.sin(angle) + y * Math.cos(angle)]
  })
  // Maps photo pixels back to the scan.
  const h = homography(corners, [
    [0, 0],
    [sw, 0],
    [sw, sh],
    [0, sh],
  ])
  const base = [90 + r() * 80, 60 + r() * 60, 40 + r() * 50]
  const grain = Buffer.alloc(64 * 64)
  for (let i = 0; i < grain.length; i++) grain[i] = Math.floor(r() * 255)
  const texture = await sharp(grain, { raw: { width: 64, height: 64, channels: 1 } })
    .resize(W, H, { fit: 'fill' })
    .blur(3)
    .raw()
    .toBuffer()
  const out = Buffer.alloc(W * H * 3)
  const lightX = r() * W
  const lightY = r() * H
  const falloff = 0.25 + r() * 0.35
  const shadowSlope = r() * 2 - 1
  const shadowOffset = r() * W
  const shadowDepth = r() < 0.5 ? 0.25 + r() * 0.2 : 0
  const noise = 4 + r() * 8
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 3
      const d = h[6]! * x + h[7]! * y + 1
      const u = (h[0]! * x + h[1]! * y + h[2]!) / d
      const v = (h[3]! * x + h[4]! * y + h[5]!) / d
      let px: number[]
      if (u >= 0 && v >= 0 && u < sw - 1 && v < sh - 1) {
        const x0 = Math.floor(u)
        const y0 = Math.floor(v)
        const fx = u - x0
        const fy = v - y0
        px = [0, 1, 2].map((c) => {
          const i = (y0 * sw + x0) * 3 + c
          const j = i + sw * 3
          return (
            (src[i]! * (1 - fx) + src[i + 3]! * fx) * (1 - fy) + (src[j]! * (1 - fx) + src[j + 3]! * fx) * fy
          )
        })
        px = [px[0]! * 0.98, px[1]! * 0.96, px[2]! * 0.9]
      } else {
        const t = texture[y * W + x]! / 255
        const stripe = Math.sin((y + x * 0.15) / 9 + t * 6) * 12
        px = base.map((b) => b * (0.75 + 0.5 * t) + stripe)
      }
      const dist = Math.hypot(x - lightX, y - lightY) / Math.hypot(W, H)
      let light = 1.08 - falloff * dist
      if (shadowDepth > 0) {
        // A soft-edged shadow (a hand or a phone) across part of the page.
        const edge = (x - shadowOffset - shadowSlope * (y - H / 2)) / 80
        light *= 1 - shadowDepth / (1 + Math.exp(-edge))
      }
      for (let c = 0; c < 3; c++) {
        const n = (r() + r() + r() - 1.5) * noise
        out[o + c] = Math.max(0, Math.min(255, Math.round(px[c]! * light + n)))
      }
    }
  }
  const scale = 0.75 + r() * 0.45
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .blur(0.6 + r() * 0.9)
    .resize(Math.round(W * scale))
    .jpeg({ quality: 72 + Math.floor(r() * 18) })
    .toBuffer()
}
