import http2, { type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2'
import type { Logger } from 'pino'
import type { ApnsSettings } from '../../config/push.js'
import { AdapterClosedError } from '../adapter-error.js'
import { ApnsProviderToken } from './apns-token.js'
import { type PushMessage, type PushPort, type PushSendResult, PushTokenGoneError } from './port.js'
import { answerError, checkMessage, deviceRef, networkError } from './push-message.js'

export const APNS_DEFAULT_ENDPOINT = 'https://api.push.apple.com'
/** APNs device tokens are hexadecimal (32 bytes today; Apple says they may grow). */
const DEVICE_TOKEN = /^[0-9a-fA-F]{32,400}$/

/** The provider's settings (src/config/push.ts), and what the process gives. */
export interface ApnsPushOptions extends ApnsSettings {
  /** Certificates to trust besides the system's (a local server's self-signed one, in tests). */
  ca?: string
  logger: Logger
  timeoutMs?: number
}

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** One HTTP/2 session to APNs, opened on use and again after it was lost (error, GOAWAY, idle). */
class ApnsSession {
  private session: ClientHttp2Session | null = null

  constructor(
    private readonly endpoint: string,
    private readonly ca: string | undefined,
    private readonly log: Logger,
  ) {}

  get(): ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session
    const opened = http2.connect(this.endpoint, this.ca ? { ca: this.ca } : {})
    const forget = () => {
      if (this.session === opened) this.session = null
    }
    opened.on('error', (err) => {
      this.log.warn({ err: err.message }, 'APNs connection failed')
      forget()
    })
    opened.on('goaway', forget)
    opened.on('close', forget)
    // Idle for 5 minutes: let it go; the next send reconnects.
    opened.setTimeout(5 * 60_000, () => opened.close())
    opened.unref()
    this.session = opened
    return opened
  }

  async close(): Promise<void> {
    const open = this.session
    this.session = null
    if (open && !open.closed) await new Promise<void>((resolve) => open.close(() => resolve()))
  }
}

/** APNs over HTTP/2 with a token-based (.p8) key, for iOS devices. */
export function createApnsPush(options: ApnsPushOptions): PushPort {
  const timeoutMs = options.timeoutMs ?? 10_000
  const endpoint = (options.endpoint ?? APNS_DEFAULT_ENDPOINT).replace(/\/+$/, '')
  const providerToken = new ApnsProviderToken(options)
  const log = options.logger
  const session = new ApnsSession(endpoint, options.ca, log)
  let closed = false

  function request(message: PushMessage, jwt: string): Promise<Answer> {
    const payload = JSON.stringify({
      ...message.data,
      aps: { alert: { title: message.title, body: message.body }, sound: 'default' },
    })
    return new Promise<Answer>((resolve, reject) => {
      const stream = session.get().request({
        ':method': 'POST',
        ':path': `/3/device/${message.token}`,
        authorization: `bearer ${jwt}`,
        'apns-topic': options.bundleId,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'content-type': 'application/json',
      })
      let headers: IncomingHttpHeaders = {}
      let body = ''
      stream.setEncoding('utf8')
      stream.setTimeout(timeoutMs, () => {
        stream.close(http2.constants.NGHTTP2_CANCEL)
        reject(new Error(`no answer within ${timeoutMs} ms`))
      })
      stream.on('response', (h) => {
        headers = h
      })
      stream.on('data', (chunk: string) => {
        body += chunk
      })
      stream.on('end', () => resolve({ status: Number(headers[':status'] ?? 0), headers, body }))
      stream.on('error', reject)
      stream.on('close', () => reject(new Error(`stream closed (code ${stream.rstCode})`)))
      stream.end(payload)
    }).catch((err: unknown) => {
      throw networkError('APNs', err)
    })
  }

  async function attempt(message: PushMessage): Promise<Answer> {
    const answer = await request(message, await providerToken.get())
    if (answer.status === 403 && reasonOf(answer) === 'ExpiredProviderToken') {
      providerToken.invalidate()
      return request(message, await providerToken.get())
    }
    return answer
  }

  return {
    async send(message: PushMessage): Promise<PushSendResult> {
      if (closed) throw new AdapterClosedError('APNs push')
      checkMessage(message)
      // Not a device token APNs could know: the same verdict APNs would give, without asking.
      if (!DEVICE_TOKEN.test(message.token)) throw new PushTokenGoneError('BadDeviceToken (not hexadecimal)')
      const answer = await attempt(message)
      if (answer.status === 200) {
        const id = answer.headers['apns-id']
        return { providerId: typeof id === 'string' ? id : null }
      }
      const reason = reasonOf(answer)
      const err = answerError({
        provider: 'APNs',
        status: answer.status,
        reason,
        gone: answer.status === 410 || (answer.status === 400 && reason === 'BadDeviceToken'),
        retryAfter: answer.headers['retry-after'] as string | undefined,
      })
      log.warn({ device: deviceRef(message.token), err: err.message }, 'APNs refused a notification')
      throw err
    },
    async health() {
      try {
        await providerToken.get()
        return { ok: true }
      } catch (err) {
        return { ok: false, reason: `APNs provider token: ${(err as Error).message}` }
      }
    },
    async close() {
      closed = true
      await session.close()
    },
  }
}

function reasonOf(answer: Answer): string {
  try {
    const parsed = JSON.parse(answer.body) as { reason?: unknown }
    if (typeof parsed.reason === 'string') return parsed.reason
  } catch {
    // Not JSON: the status says enough.
  }
  return `status ${answer.status}`
}
