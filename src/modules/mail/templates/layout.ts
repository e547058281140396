import { type Words, words } from './messages/index.js'

const ENGLISH = words('en')

/** What every template returns: a subject and the two parts of one e-mail. */
export interface RenderedMail {
  subject: string
  text: string
  html: string
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made inert in HTML content and in double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
}

/**
 * Checks that a link is an absolute http(s) URL and answers it unchanged: links
 * carry tokens and must reach the reader exactly as the caller built them.
 */
export function checkLink(url: string, field = 'url'): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error(`mail link "${field}" is not an absolute URL`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`mail link "${field}" must be an http(s) URL`)
  }
  if (/[\s<>"]/.test(url)) throw new Error(`mail link "${field}" contains spaces, quotes or angle brackets`)
  return url
}

/** One line for a subject: names with line breaks cannot split the header. */
export function subjectLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}

/** `2026-03-14`, in UTC. */
export function isoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new Error('mail date is not a valid date')
  return date.toISOString().slice(0, 10)
}

/** `14 March 2026` (in the e-mail's language), in UTC like the ISO date next to it. */
export function readableDate(date: Date, w: Words = ENGLISH): string {
  return w.date(date)
}

/** `2026-03-14 (14 March 2026)`. */
export function bothDates(date: Date, w: Words = ENGLISH): string {
  return `${isoDate(date)} (${readableDate(date, w)})`
}

// ---------------------------------------------------------------- HTML pieces
// Every helper below escapes what it is given: templates pass raw values only.

export function paragraph(text: string): string {
  return `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`
}

/** A call-to-action button and, under it, the same link written out for copying. */
export function button(url: string, label: string, w: Words = ENGLISH): string {
  const href = escapeHtml(url)
  return [
    '<p style="margin:24px 0">',
    `<a href="${href}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;font-weight:600">${escapeHtml(label)}</a>`,
    '</p>',
    `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(w.t('copyLink'))}<br>`,
    `<a href="${href}" style="color:#1d4ed8;word-break:break-all">${href}</a></p>`,
  ].join('\n')
}

/** A two-column table of label → value. */
export function details(rows: ReadonlyArray<readonly [string, string]>): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#555555;vertical-align:top">${escapeHtml(label)}</td>` +
        `<td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n')
  return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">\n${cells}\n</table>`
}

/** A quoted note from another person, line breaks kept. */
export function quote(text: string): string {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map(escapeHtml)
    .join('<br>\n')
  return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d0d7de;color:#333333">${lines}</blockquote>`
}

/** The HTML document around a body made of the pieces above, in the e-mail's language. */
export function htmlLayout(title: string, body: string[], w: Words = ENGLISH): string {
  return [
    '<!doctype html>',
    `<html lang="${w.language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body style="margin:0;padding:0;background:#f6f8fa">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111111">',
    ...body,
    `<p style="margin:32px 0 0;font-size:12px;color:#777777">${escapeHtml(w.t('footer'))}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n')
}

/**
 * The plain-text part: the given blocks separated by blank lines, then the footer,
 * wrapped at 76 columns. Wrapping only breaks at spaces, so a link (which has none)
 * always stays whole; and short ASCII lines let nodemailer send the part as 7bit, so
 * that links read as they are in the raw message, not quoted-printable (`=3D`).
 */
export function textLayout(blocks: string[], w: Words = ENGLISH): string {
  return `${[...blocks, `-- \n${w.t('footer')}`].map((block) => wrap(block)).join('\n\n')}\n`
}

function wrap(block: string, width = 76): string {
  return block
    .split('\n')
    .map((line) => {
      const out: string[] = []
      let current = ''
      for (const word of line.split(' ')) {
        if (current !== '' && current.length + 1 + word.length > width) {
          out.push(current)
          current = word
        } else {
          current = current === '' ? word : `${current} ${word}`
        }
      }
      out.push(current)
      return out.join('\n')
    })
    .join('\n')
}
