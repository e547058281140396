import { createHash } from 'node:crypto'
import { escapeHtml } from '../mail/index.js'
import type { SharePreviewView } from './shares.schemas.js'

/**
 * Content negotiation of the share link: a browser (text/html ranked at least as high as
 * application/json) gets the page, any other client JSON. `*\/*` alone keeps JSON.
 */
export function acceptsHtmlFirst(accept: string | undefined): boolean {
  const ranks = new Map<string, number>()
  for (const range of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = range.split(';').map((s) => s.trim())
    const q = params.find((p) => p.startsWith('q='))
    const rank = q === undefined ? 1 : Number.parseFloat(q.slice(2))
    if (type && !ranks.has(type)) ranks.set(type, Number.isNaN(rank) ? 0 : rank)
  }
  const html = ranks.get('text/html') ?? 0
  return html > 0 && html >= (ranks.get('application/json') ?? 0)
}

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#f6f7f9;color:#1f2933}' +
  'main{max-width:40rem;margin:0 auto;background:#fff;border-radius:8px;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}' +
  'h1{font-size:1.4rem;margin-top:0}img{max-width:100%;height:auto;border:1px solid #e4e7eb}' +
  'dt{font-weight:600}dd{margin:0 0 .5rem}table{border-collapse:collapse;width:100%}' +
  'td{border-top:1px solid #e4e7eb;padding:.3rem 0}td.p{text-align:right}' +
  'pre{white-space:pre-wrap;background:#f6f7f9;padding:1rem;font-size:.85rem}.n{color:#616e7c;font-size:.9rem}'

/**
 * The page's Content-Security-Policy: nothing but its own style (by hash) and images from this
 * origin; no script at all, no form, no framing.
 */
export const SHARE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`
}

const row = (label: string, value: string | undefined) =>
  value ? `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>` : ''

/** The shared receipt: the image (same-origin path of the link's image route) and the extracted data. */
export function sharedReceiptPage(preview: SharePreviewView, imagePath: string): string {
  const { receipt } = preview
  const data = receipt.ocrData ?? {}
  const src = escapeHtml(imagePath)
  const image =
    receipt.contentType === 'application/pdf'
      ? `<p><a href="${src}">Open the receipt (PDF)</a></p>`
      : `<p><img src="${src}" alt="The receipt"${receipt.width ? ` width="${receipt.width}"` : ''}${receipt.height ? ` height="${receipt.height}"` : ''}></p>`
  const facts = row('Merchant', data.merchant) + row('Date', data.date) + row('Total', data.total)
  const items = (data.items ?? [])
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}</td><td class="p">${escapeHtml(item.price ?? '')}</td></tr>`,
    )
    .join('')
  return page(
    'A shared receipt',
    [
      image,
      facts ? `<dl>${facts}</dl>` : '',
      items ? `<table>${items}</table>` : '',
      data.rawText ? `<h2>Text on the receipt</h2><pre>${escapeHtml(data.rawText)}</pre>` : '',
      `<p class="n">This link works until ${escapeHtml(preview.expiresAt.slice(0, 10))}.</p>`,
    ].join('\n'),
  )
}

export function shareNotFoundPage(): string {
  return page(
    'This link does not work',
    '<p>The link is unknown, has expired or was withdrawn by the person who shared it.</p>',
  )
}
