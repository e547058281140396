import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** An outbox file name (`createOutboxMail`): no path separator can pass. */
const NAME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:\.\d+)?Z_[A-Za-z0-9._@-]+\.eml$/

/** One message of the `.eml` outbox, decoded (quoted-printable, base64, charsets) for reading. */
export interface KeptMail {
  /** Its file name in the outbox: what `read` takes. */
  id: string
  date: string | null
  to: string
  subject: string
  /** The HTML part as sent (null: none). */
  html: string | null
  text: string
}

/**
 * The messages the `.eml` outbox keeps, for the development mail page (`GET /dev/mail`): never
 * given in production, where the outbox is a fallback nobody should read through the service.
 */
export interface KeptMailbox {
  /** The newest `limit` messages, newest first. */
  list(limit: number): Promise<KeptMail[]>
  /** One message by its id; null when there is none (or the id is not an outbox file name). */
  read(id: string): Promise<KeptMail | null>
}

export function outboxReader(dir: string): KeptMailbox {
  async function parse(id: string): Promise<KeptMail | null> {
    let source: Buffer
    try {
      source = await readFile(join(dir, id))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
    // Loaded when the development mail page first opens a message, not at every start.
    const { simpleParser } = await import('mailparser')
    const parsed = await simpleParser(source, { skipImageLinks: true })
    const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '')
    return {
      id,
      date: parsed.date?.toISOString() ?? null,
      to,
      subject: parsed.subject ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : null,
      text: parsed.text ?? '',
    }
  }
  return {
    async list(limit) {
      let names: string[]
      try {
        names = await readdir(dir)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw err
      }
      // Named `<ISO time>_<id>.eml`: the names sort by time.
      const newest = names
        .filter((n) => NAME_RE.test(n))
        .sort()
        .reverse()
        .slice(0, limit)
      const mails = await Promise.all(newest.map(parse))
      return mails.filter((m): m is KeptMail => m !== null)
    },
    read: (id) => (NAME_RE.test(id) ? parse(id) : Promise.resolve(null)),
  }
}
