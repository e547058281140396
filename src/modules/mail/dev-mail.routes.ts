import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { findLinks, type KeptMail, type KeptMailbox } from '../../adapters/mail/index.js'
import { AppError } from '../../errors.js'
import { escapeHtml } from './templates/index.js'

/** Messages the list shows, newest first. */
const LIST_LIMIT = 100

/** No script anywhere; the e-mails' own inline styles and images; links navigate normally. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const MailParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 300 }) })

/** 127.0.0.0/8 or ::1 (also IPv4-mapped): a caller on this machine. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  return ip === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)
}

/**
 * The development mail page (docs/email.md#the-development-mail-page): `GET /dev/mail` lists the
 * e-mails of the `.eml` outbox, newest first, with their links; `GET /dev/mail/:id` shows one as
 * the recipient would (its HTML part, decoded, links clickable). Registered only where the mail
 * transport keeps messages to read back (the outbox outside production: never in production),
 * and answered only to callers on this machine (the messages hold sign-in links): anyone else
 * gets 404, as if there were no such page.
 */
export async function devMailRoutes(app: FastifyInstance, opts: { kept: KeptMailbox }): Promise<void> {
  const local = (request: FastifyRequest) => {
    if (!isLoopback(request.ip)) throw new AppError('not_found')
  }
  const config = { auth: 'public' as const }

  app.get('/dev/mail', { config, schema: { hide: true } }, async (request, reply) => {
    local(request)
    const mails = await opts.kept.list(LIST_LIMIT)
    return page(reply, 'Development mail', listHtml(mails))
  })

  app.get<{ Params: { id: string } }>(
    '/dev/mail/:id',
    { config, schema: { hide: true, params: MailParams } },
    async (request, reply) => {
      local(request)
      const mail = await opts.kept.read(request.params.id)
      if (!mail) throw new AppError('not_found', 'No such e-mail in the outbox')
      if (mail.html !== null) return send(reply, mail.html)
      return page(reply, mail.subject, `<pre>${linkified(mail.text)}</pre>`)
    },
  )
}

function send(reply: FastifyReply, html: string) {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html)
}

function page(reply: FastifyReply, title: string, body: string) {
  return send(
    reply,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`,
  )
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem;color:#1b1b1b}
@media (prefers-color-scheme:dark){body{background:#121212;color:#e8e8e8}a{color:#8ab4ff}}
ol{padding:0;list-style:none}ol>li{border-top:1px solid #8884;padding:.75rem 0}
.meta{color:#767676;font-size:.85rem}ul{margin:.25rem 0 0;padding-left:1.25rem}a{overflow-wrap:anywhere}pre{white-space:pre-wrap}`

function listHtml(mails: KeptMail[]): string {
  const intro =
    '<h1>E-mails sent</h1><p class="meta">Development only: the newest e-mails of the outbox ' +
    '(<code>DATA_DIR/outbox</code>), newest first. Open one to see it as its recipient would.</p>'
  if (mails.length === 0) return `${intro}<p>No e-mail has been sent yet.</p>`
  const items = mails.map((m) => {
    const links = findLinks(m.text)
      .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
      .join('')
    return (
      `<li><a href="/dev/mail/${encodeURIComponent(m.id)}"><strong>${escapeHtml(m.subject || '(no subject)')}</strong></a>` +
      `<div class="meta">to ${escapeHtml(m.to)} · ${escapeHtml(m.date ?? '')}</div>` +
      (links ? `<ul>${links}</ul>` : '') +
      '</li>'
    )
  })
  return `${intro}<ol>${items.join('')}</ol>`
}

function linkified(text: string): string {
  return escapeHtml(text).replace(/\bhttps?:\/\/[^\s<>"]+/gi, (url) => `<a href="${url}">${url}</a>`)
}
