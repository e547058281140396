import { createHash, randomUUID } from 'node:crypto'
import { constants } from 'node:fs'
import { access, mkdir, open, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import MailComposer from 'nodemailer/lib/mail-composer/index.js'
import type { Logger } from 'pino'
import { AdapterClosedError, AdapterError } from '../adapter-error.js'
import { checkOutgoingMail, oneLine } from './outgoing-mail.js'
import type { MailHealth, MailPort, MailSendResult, OutgoingMail } from './port.js'

export interface OutboxMailOptions {
  /** The folder the `.eml` files go to (`<DATA_DIR>/outbox`); created when missing. */
  dir: string
  /** The From header (`config.mail.from`). */
  from: string
  logger: Logger
  /**
   * Log the links of each message (default true). They carry tokens: `createMail`
   * turns this off when NODE_ENV=production, where the outbox is only a fallback.
   */
  logLinks?: boolean
  /** The clock, for tests. */
  now?: () => Date
}

const FILE_RE = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:\.\d+)?Z_(.+)\.eml$/

/**
 * The embedded default: every message becomes a complete RFC 5322 `.eml` file in
 * `dir`, named `<ISO time, ':' → '-'>_<safe Message-ID>.eml`, written atomically
 * (temporary name, then rename). A Message-ID already in the folder is not written
 * again. Each message is logged once at info level with the links of its text part,
 * so that a developer can follow claim and sign-in links by hand: those links carry
 * tokens, which is why only this adapter logs them.
 */
export function createOutboxMail(options: OutboxMailOptions): MailPort {
  const { dir, from, logger, logLinks = true } = options
  const now = options.now ?? (() => new Date())
  // safe Message-ID → file name; filled from the folder on first use.
  const written = new Map<string, string>()
  const inFlight = new Map<string, Promise<MailSendResult>>()
  let loaded: Promise<void> | null = null
  let closed = false

  async function load(): Promise<void> {
    await mkdir(dir, { recursive: true })
    for (const name of await readdir(dir)) {
      const id = FILE_RE.exec(name)?.[1]
      if (id && !written.has(id)) written.set(id, name)
    }
  }

  async function write(mail: OutgoingMail, messageId: string, safeId: string): Promise<MailSendResult> {
    loaded ??= load().catch((err: unknown) => {
      loaded = null
      throw err
    })
    await loaded
    const existing = written.get(safeId)
    if (existing) {
      logger.debug({ messageId, file: existing }, 'mail already in the outbox; not written again')
      return { providerId: existing }
    }

    const date = now()
    const name = `${date.toISOString().replaceAll(':', '-')}_${safeId}.eml`
    await writeEml(dir, name, await composeEml(mail, from, messageId, date), safeId)
    written.set(safeId, name)
    const links = findLinks(mail.text)
    logger.info(
      {
        to: mail.to,
        subject: oneLine(mail.subject),
        ...(logLinks ? { links } : { linkCount: links.length }),
        file: name,
      },
      'mail written to outbox',
    )
    return { providerId: name }
  }

  return {
    async send(mail) {
      if (closed) throw new AdapterClosedError('mail outbox')
      const { messageId } = checkOutgoingMail(mail)
      const safeId = safeFilePart(messageId)
      // The same Message-ID twice at once: the second waits for the first.
      const pending = inFlight.get(safeId)
      if (pending !== undefined) return pending
      const job = write(mail, messageId, safeId)
        .catch(asAdapterError)
        .finally(() => inFlight.delete(safeId))
      inFlight.set(safeId, job)
      return job
    },

    async health(): Promise<MailHealth> {
      try {
        await mkdir(dir, { recursive: true })
        await access(dir, constants.W_OK)
        return { ok: true }
      } catch (err) {
        return { ok: false, reason: `outbox ${dir} is not writable: ${(err as NodeJS.ErrnoException).code}` }
      }
    },

    async close() {
      closed = true
      await Promise.allSettled(inFlight.values())
    },
  }
}

function asAdapterError(err: unknown): never {
  if (err instanceof AdapterError) throw err
  const code = (err as NodeJS.ErrnoException).code
  throw new AdapterError(`mail outbox write failed: ${code ?? (err as Error).message}`, true, { cause: err })
}

/** The complete RFC 5322 source of a message. */
function composeEml(mail: OutgoingMail, from: string, messageId: string, date: Date): Promise<Buffer> {
  return new MailComposer({
    from,
    to: mail.to,
    subject: oneLine(mail.subject),
    text: mail.text,
    html: mail.html,
    messageId,
    date,
    headers: mail.headers ?? {},
  })
    .compile()
    .build()
}

/** Writes `dir/name` atomically: a temporary file, fsynced, then renamed. */
async function writeEml(dir: string, name: string, source: Buffer, safeId: string): Promise<void> {
  const tmp = join(dir, `.${safeId}.${randomUUID()}.tmp`)
  try {
    const handle = await open(tmp, 'wx', 0o600)
    try {
      await handle.writeFile(source)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(tmp, join(dir, name))
  } catch (err) {
    await rm(tmp, { force: true })
    throw err
  }
}

/**
 * The Message-ID without its brackets, made safe for a file name. When anything had
 * to be replaced (or cut), a short hash of the original keeps two ids apart.
 */
export function safeFilePart(messageId: string): string {
  const bare = messageId.replace(/^<|>$/g, '')
  const safe = bare.replace(/[^A-Za-z0-9._@-]/g, '_')
  if (safe === bare && safe.length <= 150 && !safe.startsWith('.')) return safe
  const hash = createHash('sha256').update(bare).digest('hex').slice(0, 12)
  return `${safe.slice(0, 150).replace(/^\./, '_')}-${hash}`
}

/** The http(s) URLs in a text, in order, once each, without trailing punctuation. */
export function findLinks(text: string): string[] {
  const links = new Set<string>()
  for (const match of text.matchAll(/\bhttps?:\/\/[^\s<>"]+/gi)) {
    links.add(match[0].replace(/[.,;:!?)\]}'*]+$/, ''))
  }
  return [...links]
}
