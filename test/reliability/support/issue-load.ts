/**
 * A steady load of `POST /v1/merchant/warranties/issue`, each with its own serial number and
 * customer e-mail, at up to `rate` requests per second with at most `concurrency` in flight,
 * over keep-alive connections (as a shop's till or an integration would). It keeps going
 * while the service is down (those requests are refused) and resumes when it is back.
 *
 * Every request's outcome is recorded: a 200 is an acknowledged warranty (id, code,
 * customer e-mail); anything else is classified, so that the tests can tell a request the
 * service never saw (connection refused) from one it dropped (reset, hang-up, timeout).
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'

export interface AckedWarranty {
  id: string
  warrantyCode: string
  customerEmail: string
}

/**
 * - `ok`: 200; `unavailable`: 503; `status`: any other status
 * - `refused`: no connection (the service was not listening): never in flight
 * - `dropped`: connected and sent, but the connection ended without an answer (reset,
 *   hang-up), `reusedSocket` telling whether it went out on a kept-alive connection
 * - `timeout`: no answer within the request timeout
 */
export type Outcome = 'ok' | 'unavailable' | 'status' | 'refused' | 'dropped' | 'timeout'

export interface RequestRecord {
  startedAt: number
  endedAt: number
  outcome: Outcome
  status: number | null
  error: string | null
  reusedSocket: boolean
  /** A 503's Retry-After, in ms. */
  retryAfterMs?: number
}

export interface IssueLoadOptions {
  url: string
  token: string
  productId: string
  rate: number
  concurrency: number
  requestTimeoutMs?: number
  /** More fields for the body of issue number `n` (its customer is `c<n>-…`), e.g. an `expiresAt`. */
  extra?: (n: number) => Record<string, unknown>
}

export class IssueLoad {
  readonly acked = new Map<string, AckedWarranty>()
  /** By customer e-mail: the recipient identifies the warranty in the SMTP sink. */
  readonly ackedByEmail = new Map<string, AckedWarranty>()
  readonly records: RequestRecord[] = []
  startedAt = 0
  stoppedAt = 0
  private running = false
  private workers: Promise<void>[] = []
  private nextSlot = 0
  private sequence = 0
  private readonly tag = randomBytes(4).toString('hex')
  private readonly agent: http.Agent
  private readonly target: URL

  constructor(private readonly options: IssueLoadOptions) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency })
    this.target = new URL('/v1/merchant/warranties/issue', options.url)
  }

  start(): this {
    if (this.running) return this
    this.running = true
    this.startedAt = Date.now()
    this.nextSlot = this.startedAt
    this.workers = Array.from({ length: this.options.concurrency }, () => this.work())
    return this
  }

  /** Stops sending; resolves once every request in flight has an outcome. */
  async stop(): Promise<void> {
    this.running = false
    await Promise.all(this.workers)
    this.stoppedAt = Date.now()
    this.agent.destroy()
  }

  /** Resolves once `count` warranties were acknowledged; throws after `timeoutMs`. */
  async waitForAcked(count: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (this.acked.size < count) {
      if (Date.now() > deadline) {
        throw new Error(`only ${this.acked.size} of ${count} issues acknowledged within ${timeoutMs} ms`)
      }
      await sleep(20)
    }
  }

  /** Outcome counts, over the records that match `filter` (all by default). */
  tally(filter: (r: RequestRecord) => boolean = () => true): Record<Outcome, number> & {
    sent: number
    droppedOnReusedSocket: number
    otherStatuses: Record<string, number>
    /** Error codes of dropped requests (ECONNRESET, 'socket hang up', …). */
    dropReasons: Record<string, number>
  } {
    const counts = {
      sent: 0,
      ok: 0,
      unavailable: 0,
      status: 0,
      refused: 0,
      dropped: 0,
      timeout: 0,
      droppedOnReusedSocket: 0,
      otherStatuses: {} as Record<string, number>,
      dropReasons: {} as Record<string, number>,
    }
    for (const r of this.records) {
      if (!filter(r)) continue
      counts.sent++
      counts[r.outcome]++
      if (r.outcome === 'dropped') {
        if (r.reusedSocket) counts.droppedOnReusedSocket++
        const reason = r.error ?? 'unknown'
        counts.dropReasons[reason] = (counts.dropReasons[reason] ?? 0) + 1
      }
      if (r.outcome === 'status') {
        const key = String(r.status)
        counts.otherStatuses[key] = (counts.otherStatuses[key] ?? 0) + 1
      }
    }
    return counts
  }

  /** Acknowledged issues per second while the load ran. */
  ackRate(): number {
    const end = this.stoppedAt || Date.now()
    return Math.round((this.acked.size / Math.max(1, end - this.startedAt)) * 1000)
  }

  private async work(): Promise<void> {
    const interval = 1000 / this.options.rate
    while (this.running) {
      const slot = Math.max(this.nextSlot, Date.now())
      this.nextSlot = slot + interval
      const wait = slot - Date.now()
      if (wait > 0) await sleep(wait)
      if (!this.running) return
      const record = await this.issueOne()
      this.records.push(record)
      // A refused connection fails in microseconds: don't spin while the service is down.
      if (record.outcome === 'refused') await sleep(interval)
      // A well-behaved client honours a 503's Retry-After (a stopping service asks for 1 s).
      if (record.retryAfterMs) await sleep(record.retryAfterMs)
    }
  }

  private issueOne(): Promise<RequestRecord> {
    const n = this.sequence++
    const customerEmail = `c${n}-${this.tag}@crash.example.com`
    const body = JSON.stringify({
      serialNumber: `CT-${this.tag}-${n}`,
      merchantProductId: this.options.productId,
      customerEmail,
      customerName: `Customer ${n}`,
      ...this.options.extra?.(n),
    })
    const startedAt = Date.now()
    return new Promise<RequestRecord>((resolve) => {
      let settled = false
      let retryAfterMs: number | undefined
      const finish = (outcome: Outcome, status: number | null, error: string | null) => {
        if (settled) return
        settled = true
        const reusedSocket = req.reusedSocket
        resolve({ startedAt, endedAt: Date.now(), outcome, status, error, reusedSocket, retryAfterMs })
      }
      const req = http.request(
        this.target,
        {
          method: 'POST',
          agent: this.agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${this.options.token}`,
          },
          timeout: this.options.requestTimeoutMs ?? 30_000,
        },
        (res) => {
          const retryAfter = Number(res.headers['retry-after'])
          if (res.statusCode === 503 && retryAfter > 0) retryAfterMs = retryAfter * 1000
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('error', (err) => finish('dropped', res.statusCode ?? null, String(err)))
          res.on('end', () => {
            const status = res.statusCode ?? 0
            if (status === 200) {
              try {
                const w = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AckedWarranty
                const acked = { id: w.id, warrantyCode: w.warrantyCode, customerEmail }
                this.acked.set(w.id, acked)
                this.ackedByEmail.set(customerEmail, acked)
                finish('ok', status, null)
              } catch (err) {
                finish('status', status, `unreadable 200 body: ${String(err)}`)
              }
            } else finish(status === 503 ? 'unavailable' : 'status', status, null)
          })
        },
      )
      req.on('timeout', () => {
        finish('timeout', null, 'no answer in time')
        req.destroy()
      })
      req.on('error', (err: NodeJS.ErrnoException) => {
        finish(err.code === 'ECONNREFUSED' ? 'refused' : 'dropped', null, err.code ?? err.message)
      })
      req.end(body)
    })
  }
}
