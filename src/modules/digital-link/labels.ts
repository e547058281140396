import { qrSvg } from './qr-codes.js'

/** Escapes text for HTML (element content and quoted attributes). */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}

/** One label: the item's Digital Link as a QR code, the GTIN and serial in print, the product. */
export interface Label {
  uri: string
  gtin: string
  serial: string
}

const STYLE = `
  @page { size: A4; margin: 10mm; }
  body { font-family: system-ui, sans-serif; margin: 0; }
  .sheet { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4mm; }
  .label { border: 0.2mm dashed #999; padding: 2mm; break-inside: avoid; text-align: center; }
  .label svg { width: 32mm; height: 32mm; }
  .label p { margin: 0.5mm 0; font-size: 8pt; overflow-wrap: anywhere; }
  .hint { font-size: 9pt; color: #555; }
  @media print { .hint { display: none; } }`

/**
 * A printable HTML page of labels (A4, three across), one per serial: no script, the QR codes
 * inline SVG, so it prints as it is from a browser (docs/digital-link.md#labels).
 */
export async function labelSheet(productTitle: string, labels: Label[]): Promise<string> {
  const cells = await Promise.all(
    labels.map(async (label) => {
      const svg = await qrSvg(label.uri)
      return `<div class="label">${svg}<p><strong>${escapeHtml(productTitle)}</strong></p><p>(01) ${label.gtin}</p><p>(21) ${escapeHtml(label.serial)}</p></div>`
    }),
  )
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Labels: ${escapeHtml(productTitle)}</title>
<style>${STYLE}</style></head>
<body><p class="hint">${labels.length} labels. Print this page (A4, 100 % scale); each code opens the item's GS1 Digital Link.</p>
<div class="sheet">${cells.join('\n')}</div></body></html>
`
}
