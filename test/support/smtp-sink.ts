/**
 * A real SMTP server for tests, on 127.0.0.1, that keeps every message it accepts.
 *
 *   const sink = await startSmtpSink()
 *   const mail = createSmtpMail({ url: sink.url, ... })       // or SMTP_URL=sink.url
 *   await mail.send(...)
 *   const [msg] = await sink.waitFor(1)                        // ParsedMail + raw + envelope
 *   const m = await sink.waitForMessage((m) => m.envelope.to.includes('jane@example.com'))
 *   const [claimUrl] = linksIn(m)                              // links of the text part
 *   sink.failNext(451, 'Try again later')                      // next RCPT TO answers 451
 *   sink.failAll(451, 'Try again later'); sink.recover()       // every RCPT TO answers 451 until recover()
 *   sink.refusals                                              // every answer failNext/failAll gave, timed
 *   await sink.stop(); await sink.start()                      // server down, then back on the same port
 *   await sink.close()                                         // in afterAll
 *
 * STARTTLS is disabled (smtp-server's built-in certificate has expired), so clients
 * talk in clear text; AUTH PLAIN/LOGIN is offered anyway and any user and password is
 * accepted (recorded in `auths`); logging in is optional. A message is parsed with
 * mailparser before the server answers 250, so once `send` has resolved the message
 * is already in `messages`.
 */
import type { Socket } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server'

/** A message the sink accepted: mailparser's view plus what only the SMTP session knows. */
export type SinkMessage = ParsedMail & {
  /** The message exactly as received (after dot-unstuffing), CRLF line ends. */
  raw: Buffer
  /** MAIL FROM and RCPT TO addresses. */
  envelope: { from: string; to: string[] }
  /** The user name the client logged in with, or null. */
  authUser: string | null
}

export interface SinkAuth {
  method: string
  username: string
  /** Kept so that tests can check it is not leaked elsewhere. */
  password: string | null
}

/** Where `failNext` answers: MAIL FROM, RCPT TO (the default) or the end of DATA. */
export type SinkFailStage = 'mail' | 'rcpt' | 'data'

/** One failure the sink answered (failNext or failAll): when, what, and to whom (RCPT TO: the address). */
export interface SinkRefusal {
  at: number
  code: number
  stage: SinkFailStage
  /** The recipients concerned: RCPT TO's address, or the envelope's recipients so far. */
  to: string[]
}

export interface SmtpSinkOptions {
  /** Port to listen on; 0 (the default) picks a free one, kept across `stop()`/`start()`. */
  port?: number
  /** Largest message accepted, in bytes (default 10 MB); larger ones get 552. */
  maxMessageBytes?: number
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, usable as `SMTP_URL`. */
  readonly url: string
  readonly port: number
  /** Accepted messages, oldest first. */
  readonly messages: SinkMessage[]
  /** Every successful AUTH, oldest first. */
  readonly auths: SinkAuth[]
  /** Every failure answered (by `failNext` or `failAll`), oldest first. */
  readonly refusals: SinkRefusal[]
  /** Whether the server is listening. */
  readonly listening: boolean
  /** Resolves with `messages` once at least `n` arrived; rejects after `timeoutMs` (default 5 s). */
  waitFor(n: number, timeoutMs?: number): Promise<SinkMessage[]>
  /**
   * Resolves with the first message (already here or still to come) that matches,
   * e.g. `(m) => m.envelope.to.includes('jane@example.com')`; rejects after `timeoutMs`
   * (default 5 s). Safer than counting when several tests share one sink.
   */
  waitForMessage(match: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>
  /**
   * Answers the next MAIL FROM, RCPT TO (default) or end of DATA with `code message`
   * (e.g. 451 'Try again later', 550 'Mailbox unavailable'), once. Calls queue up.
   */
  failNext(code: number, message: string, stage?: SinkFailStage): void
  /**
   * Answers every MAIL FROM, RCPT TO (default) or end of DATA with `code message` until
   * `recover()` (a server in trouble for a while, e.g. 451 greylisting or 550 for everyone).
   * Queued `failNext` failures are answered first.
   */
  failAll(code: number, message: string, stage?: SinkFailStage): void
  /** Ends `failAll`: the server accepts again. */
  recover(): void
  /** Forgets messages, auths, refusals and pending failures. */
  clear(): void
  /** Stops listening and drops open connections at once, as a crashed server would. */
  stop(): Promise<void>
  /** Listens again on the same port (after `stop()`). */
  start(): Promise<void>
  /** Stops for good and rejects pending `waitFor`s. Idempotent. */
  close(): Promise<void>
}

interface Waiter {
  /** Settles the waiter when it can; answers whether it did. */
  check: () => boolean
  reject: (err: Error) => void
  timer: NodeJS.Timeout
}

/** The http(s) links of a message's plain-text part, in order, once each: where tests find claim and sign-in links. */
export function linksIn(message: Pick<ParsedMail, 'text'>): string[] {
  const links = new Set<string>()
  for (const m of (message.text ?? '').matchAll(/\bhttps?:\/\/[^\s<>"]+/gi)) {
    links.add(m[0].replace(/[.,;:!?)\]}'*]+$/, ''))
  }
  return [...links]
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const maxMessageBytes = options.maxMessageBytes ?? 10 * 1024 * 1024
  const messages: SinkMessage[] = []
  const auths: SinkAuth[] = []
  const failures: Array<{ code: number; message: string; stage: SinkFailStage }> = []
  const refusals: SinkRefusal[] = []
  let failing: { code: number; message: string; stage: SinkFailStage } | null = null
  const waiters = new Set<Waiter>()
  const sockets = new Set<Socket>()
  let server: SMTPServer | null = null
  let port = options.port ?? 0
  let closed = false

  function takeFailure(stage: SinkFailStage, to: string[]): Error | null {
    const index = failures.findIndex((f) => f.stage === stage)
    const f = index >= 0 ? failures.splice(index, 1)[0]! : failing?.stage === stage ? failing : null
    if (!f) return null
    refusals.push({ at: Date.now(), code: f.code, stage, to })
    return Object.assign(new Error(f.message), { responseCode: f.code })
  }

  function settleWaiters(): void {
    for (const w of waiters) {
      if (w.check()) {
        clearTimeout(w.timer)
        waiters.delete(w)
      }
    }
  }

  function waitUntil<T>(find: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> {
    const found = find()
    if (found !== undefined) return Promise.resolve(found)
    if (closed) return Promise.reject(new Error('smtp sink is closed'))
    return new Promise<T>((resolve, reject) => {
      const w: Waiter = {
        check: () => {
          const value = find()
          if (value === undefined) return false
          resolve(value)
          return true
        },
        reject,
        timer: setTimeout(() => {
          waiters.delete(w)
          reject(new Error(`smtp sink: ${what()} after ${timeoutMs} ms`))
        }, timeoutMs),
      }
      waiters.add(w)
    })
  }

  function createServer(): SMTPServer {
    const s = new SMTPServer({
      name: 'smtp-sink.test',
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      disableReverseLookup: true,
      logger: false,
      size: maxMessageBytes,
      closeTimeout: 100,
      onAuth(auth, _session, callback) {
        const username = auth.username ?? ''
        auths.push({ method: auth.method, username, password: auth.password ?? null })
        callback(null, { user: username })
      },
      onMailFrom(_address: SMTPServerAddress, _session: SMTPServerSession, callback) {
        callback(takeFailure('mail', []))
      },
      onRcptTo(address, _session, callback) {
        callback(takeFailure('rcpt', [address.address]))
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('error', (err) => callback(err))
        stream.on('end', () => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message exceeds the size limit'), { responseCode: 552 }))
            return
          }
          const failure = takeFailure(
            'data',
            session.envelope.rcptTo.map((r) => r.address),
          )
          if (failure) {
            callback(failure)
            return
          }
          const raw = Buffer.concat(chunks)
          simpleParser(raw).then(
            (parsed) => {
              const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
              const to = session.envelope.rcptTo.map((r) => r.address)
              messages.push(
                Object.assign(parsed, { raw, envelope: { from, to }, authUser: session.user ?? null }),
              )
              callback(null, `Ok: queued as sink-${messages.length}`)
              settleWaiters()
            },
            (err: unknown) =>
              callback(
                Object.assign(new Error(`Unparseable message: ${String(err)}`), { responseCode: 554 }),
              ),
          )
        })
      },
    })
    // Client resets and the like surface here; a test sink must not crash the run.
    s.on('error', () => {})
    s.server.on('connection', (socket: Socket) => {
      sockets.add(socket)
      socket.once('close', () => sockets.delete(socket))
    })
    return s
  }

  async function listen(): Promise<void> {
    const s = createServer()
    await new Promise<void>((resolve, reject) => {
      s.server.once('error', reject)
      s.listen(port, '127.0.0.1', () => {
        s.server.off('error', reject)
        resolve()
      })
    })
    const address = s.server.address()
    if (address && typeof address === 'object') port = address.port
    server = s
  }

  async function shutdown(): Promise<void> {
    const s = server
    if (!s) return
    server = null
    const done = new Promise<void>((resolve) => s.server.close(() => resolve()))
    for (const socket of sockets) socket.destroy()
    sockets.clear()
    await done
  }

  await listen()

  return {
    get url() {
      return `smtp://127.0.0.1:${port}`
    },
    get port() {
      return port
    },
    messages,
    auths,
    refusals,
    get listening() {
      return server !== null
    },
    waitFor(n, timeoutMs = 5_000) {
      return waitUntil(
        () => (messages.length >= n ? messages : undefined),
        timeoutMs,
        () => `${messages.length} of ${n} messages`,
      )
    },
    waitForMessage(match, timeoutMs = 5_000) {
      return waitUntil(
        () => messages.find(match),
        timeoutMs,
        () => `no matching message among ${messages.length}`,
      )
    },
    failNext(code, message, stage = 'rcpt') {
      if (!Number.isInteger(code) || code < 400 || code > 599)
        throw new Error('failNext: code must be 4xx or 5xx')
      failures.push({ code, message, stage })
    },
    failAll(code, message, stage = 'rcpt') {
      if (!Number.isInteger(code) || code < 400 || code > 599)
        throw new Error('failAll: code must be 4xx or 5xx')
      failing = { code, message, stage }
    },
    recover() {
      failing = null
    },
    clear() {
      messages.length = 0
      auths.length = 0
      refusals.length = 0
      failures.length = 0
      failing = null
    },
    async stop() {
      await shutdown()
    },
    async start() {
      if (closed) throw new Error('smtp sink is closed')
      if (server) return
      await listen()
    },
    async close() {
      if (closed) return
      closed = true
      for (const w of waiters) {
        clearTimeout(w.timer)
        w.reject(new Error('smtp sink closed'))
      }
      waiters.clear()
      await shutdown()
    },
  }
}
