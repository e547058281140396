import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Signature verification written from docs/webhooks.md alone (not imported from src): split
 * the header on commas, take `t` and every `v1`, compute HMAC-SHA256 with the whole secret as
 * key over `<t>.<raw body>`, compare in constant time, refuse a timestamp over 5 minutes old.
 */
export function verifyWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  rawBody: string,
  nowSeconds = Date.now() / 1000,
): boolean {
  const header = headers['webhook-signature']
  if (typeof header !== 'string') return false
  const parts = header.split(',').map((p) => p.split('='))
  const t = parts.find(([k]) => k === 't')?.[1]
  if (!t || Math.abs(nowSeconds - Number(t)) > 300) return false
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest()
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v ?? '', 'hex')
      return given.length === expected.length && timingSafeEqual(given, expected)
    })
}

export interface Received {
  headers: IncomingHttpHeaders
  body: string
  json: { id: string; type: string; createdAt: string; data: Record<string, unknown> }
}

/**
 * A local HTTP receiver: records every POST it answers, with `status()` (200 unless changed).
 * While `hold` is set, a request is counted in `held` and never answered (a receiver that hangs).
 */
export class WebhookReceiver {
  readonly received: Received[] = []
  status: () => number = () => 200
  /** The answer's body (an internal service's reply, in the SSRF test). */
  answer: () => string = () => 'ok'
  hold = false
  held = 0
  private server: Server | null = null
  url = ''

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        if (this.hold) {
          this.held++
          return
        }
        const body = Buffer.concat(chunks).toString('utf8')
        this.received.push({ headers: req.headers, body, json: JSON.parse(body) })
        res.statusCode = this.status()
        res.end(this.answer())
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`
    return this
  }

  ofType(type: string): Received[] {
    return this.received.filter((r) => r.json.type === type)
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve())
  }
}
