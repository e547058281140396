import type { AddressInfo } from 'node:net'
import type { Logger } from 'pino'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'

/** What the SMTP session knows about a message besides its bytes. */
export interface InboundEnvelope {
  /** MAIL FROM; null for the null sender (`MAIL FROM:<>`, a bounce). */
  mailFrom: string | null
  /** RCPT TO addresses, each accepted by `acceptRecipient`. */
  rcptTo: string[]
  /** The connecting client's IP address (SPF is checked against it). */
  remoteAddress: string
  /** The name the client gave in EHLO/HELO. */
  helo: string
}

/**
 * An answer other than 250: a callback throws an error carrying `responseCode` (e.g. 550, 552,
 * 451) and its message becomes the reply text. Any other error is answered 451 (try again later).
 */
export class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message)
    this.name = 'SmtpReply'
  }
}

export interface InboundSmtpOptions {
  host: string
  /** 0 picks a free port (tests). */
  port: number
  /** The name in the greeting and EHLO answer. */
  hostname: string
  /** Advertised with SIZE and enforced while the message streams in (over: 552). */
  maxMessageBytes: number
  logger: Logger
  /** At RCPT TO: resolves to accept the recipient, throws (an `SmtpReply`) to refuse it. */
  acceptRecipient(address: string): Promise<void>
  /** At the end of DATA, with the whole message: resolves for 250, throws to refuse (or defer). */
  deliver(message: { envelope: InboundEnvelope; raw: Buffer }): Promise<void>
}

export interface InboundSmtpListener {
  /** The port it listens on (the chosen one when 0 was asked). */
  readonly port: number
  /** Stops accepting; sessions in progress get a moment to finish. */
  close(): Promise<void>
}

const RECIPIENTS_PER_MESSAGE = 20
const CLOSE_TIMEOUT_MS = 1_000

/**
 * The embedded inbound SMTP listener: plain SMTP on a loopback port (no AUTH, no STARTTLS: a
 * relay or the provider in front of it is the internet-facing MTA, docs/inbound-mail.md). It
 * knows nothing of inboxes: recipients and messages go to the two callbacks.
 */
export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtpListener> {
  const { logger } = options
  const server = new SMTPServer({
    name: options.hostname,
    banner: 'receipts inbox',
    size: options.maxMessageBytes,
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    // The client's name is not used (SPF checks the IP); no lookup to wait for.
    disableReverseLookup: true,
    closeTimeout: CLOSE_TIMEOUT_MS,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= RECIPIENTS_PER_MESSAGE) {
        callback(new SmtpReply(452, '4.5.3 Too many recipients'))
        return
      }
      options.acceptRecipient(address.address).then(
        () => callback(),
        (err: unknown) => callback(replyOf(err, logger)),
      )
    },
    onData(stream, session, callback) {
      readLimited(stream, options.maxMessageBytes).then(
        (raw) => {
          if (raw === null) {
            callback(new SmtpReply(552, `5.3.4 Message too big: at most ${options.maxMessageBytes} bytes`))
            return
          }
          options.deliver({ envelope: envelopeOf(session), raw }).then(
            () => callback(null, '2.0.0 Received'),
            (err: unknown) => callback(replyOf(err, logger)),
          )
        },
        (err: unknown) => callback(replyOf(err, logger)),
      )
    },
  })
  server.on('error', (err) => logger.warn({ err }, 'inbound SMTP error'))
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject)
      resolve()
    })
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The message, or null when it is larger than `max` (read to the end, but not kept). */
async function readLimited(stream: SMTPServerDataStream, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size <= max) chunks.push(chunk)
  }
  if (stream.sizeExceeded || size > max) return null
  return Buffer.concat(chunks, size)
}

function envelopeOf(session: SMTPServerSession): InboundEnvelope {
  const from = session.envelope.mailFrom
  return {
    mailFrom: from && from.address !== '' ? from.address : null,
    rcptTo: session.envelope.rcptTo.map((r) => r.address),
    remoteAddress: session.remoteAddress,
    helo: session.hostNameAppearsAs,
  }
}

function replyOf(err: unknown, logger: Logger): Error & { responseCode: number } {
  if (err instanceof Error && typeof (err as { responseCode?: unknown }).responseCode === 'number') {
    return err as Error & { responseCode: number }
  }
  logger.error({ err }, 'inbound message not taken (answered 451)')
  return new SmtpReply(451, '4.3.0 Temporary failure, try again later')
}
