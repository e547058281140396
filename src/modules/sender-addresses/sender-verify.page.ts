import { escapeHtml } from '../mail/index.js'

/**
 * Whether the client asked for a web page: `text/html` listed with a quality at least that
 * of `application/json`. A bare `*\/*` (curl, fetch) keeps JSON.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false
  const quality = (type: string): number => {
    for (const part of accept.toLowerCase().split(',')) {
      const [range, ...params] = part.trim().split(';')
      if (range?.trim() !== type) continue
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const value = q ? Number(q.slice(2)) : 1
      return Number.isFinite(value) ? value : 0
    }
    return -1
  }
  const html = quality('text/html')
  return html > 0 && html >= quality('application/json')
}

function page(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:3rem 1rem;background:#f6f7f9;color:#1f2933}main{max-width:32rem;margin:0 auto;background:#fff;border-radius:8px;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}h1{font-size:1.4rem;margin-top:0}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
</main>
</body>
</html>
`
}

export function verifiedPage(email: string): string {
  return page(
    'Sender address confirmed',
    `${email} is now a confirmed sender address. You can close this page.`,
  )
}

export function invalidLinkPage(): string {
  return page(
    'This link does not work',
    'The confirmation link is unknown, has expired, was replaced by a newer one or was already used. ' +
      'Ask the merchant to send a new one if the address is not confirmed yet.',
  )
}
