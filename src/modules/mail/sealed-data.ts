import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * A queued message's data holds links with one-time tokens (claim ids, verify and share
 * tokens), which the service otherwise stores only as hashes. While the message waits in the
 * outbox its data is sealed with AES-256-GCM under a key derived from JWT_SECRET; once it is
 * delivered or given up, the data is kept in clear with the tokens cut out of its links.
 */
const PREFIX = 'v1.'

export function outboxKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'warranty mail outbox v1', 32))
}

export function sealData(key: Buffer, data: unknown): { sealed: string } {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()])
  const tag = cipher.getAuthTag()
  return { sealed: `${PREFIX}${[iv, tag, body].map((b) => b.toString('base64url')).join('.')}` }
}

/**
 * The data as enqueued; data that is not sealed (delivered, or written before sealing) is returned
 * as is. Tried with each key in turn: during a JWT_SECRET rotation, messages queued before it
 * are sealed under the previous secret's key.
 */
export function openData(keys: readonly Buffer[], data: unknown): unknown {
  const sealed = (data as { sealed?: unknown } | null)?.sealed
  if (typeof sealed !== 'string' || !sealed.startsWith(PREFIX)) return data
  const [iv, tag, body] = sealed
    .slice(PREFIX.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !body) throw new Error('sealed mail data is malformed')
  let failure: unknown = new Error('no key to open sealed mail data')
  for (const key of keys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAuthTag(tag)
      return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'))
    } catch (err) {
      failure = err
    }
  }
  throw failure
}
