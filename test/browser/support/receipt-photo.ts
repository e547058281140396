import sharp from 'sharp'

const lines = (date: string): [string, string][] => [
  ['CORNER ELECTRONICS', ''],
  ['12 High Street', ''],
  [`Date: ${date}`, ''],
  ['Steel kettle 1.7 l', '39.99'],
  ['Descaler', '4.50'],
  ['TOTAL', '44.49'],
  ['Thank you!', ''],
]

/** A receipt as a phone would photograph it: black text on off-white, as a JPEG (dated `date`). */
export async function receiptPhoto(date = '2026-11-20'): Promise<Buffer> {
  const LINES = lines(date)
  const width = 900
  const size = 40
  const text = LINES.map(([left, right], i) => {
    const y = 120 + i * 70
    const l = `<text x="60" y="${y}" font-family="DejaVu Sans Mono" font-size="${size}">${left}</text>`
    const r = right
      ? `<text x="${width - 60}" y="${y}" font-family="DejaVu Sans Mono" font-size="${size}" text-anchor="end">${right}</text>`
      : ''
    return l + r
  }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${200 + LINES.length * 70}"><rect width="100%" height="100%" fill="#f8f7f2"/>${text}</svg>`
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer()
}
