/**
 * Inbound mail for tests: a DNS of the test's own records (the network has none), a DKIM key
 * published in it, messages built with nodemailer's composer and signed with mailauth, and a
 * raw SMTP client that shows each reply.
 *
 *   const dns = new FakeDns()
 *   const key = dns.publishDkim('shop.example.com')                  // sel._domainkey TXT
 *   dns.txt('shop.example.com', 'v=spf1 ip4:127.0.0.1 -all')
 *   const raw = await buildMessage({ from, to, attachments: [jpeg()], dkim: key })
 *   const r = await smtpDeliver(port, { mailFrom: from, rcptTo: [to], raw })  // r.data: '250 …'
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { eq } from 'drizzle-orm'
import { dkimSign } from 'mailauth'
import MailComposer from 'nodemailer/lib/mail-composer/index.js'
import sharp from 'sharp'
import { senderAddresses, warranties } from '../../src/db/schema/index.js'
import { insertWarranty } from './catalog-factories.js'
import { createMerchant, createUser } from './factories.js'
import type { TestService } from './harness.js'

export interface DkimKey {
  domain: string
  selector: string
  privateKey: string
}

/** DNS answers from a table: TXT only (SPF, DKIM keys, DMARC); anything else does not exist. */
export class FakeDns {
  private readonly records = new Map<string, string[]>()

  txt(name: string, value: string): void {
    const key = name.toLowerCase()
    this.records.set(key, [...(this.records.get(key) ?? []), value])
  }

  remove(name: string): void {
    this.records.delete(name.toLowerCase())
  }

  /** A fresh RSA key for `domain`, its public half published at `<selector>._domainkey.<domain>`. */
  publishDkim(domain: string, selector = 'sel'): DkimKey {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const p = publicKey.export({ type: 'spki', format: 'der' }).toString('base64')
    this.txt(`${selector}._domainkey.${domain}`, `v=DKIM1; k=rsa; p=${p}`)
    return { domain, selector, privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }
  }

  /** The resolver handed to the service (mailauth's signature). */
  readonly resolver = async (name: string, rrtype: string): Promise<string[][]> => {
    const values = rrtype === 'TXT' ? this.records.get(name.toLowerCase().replace(/\.$/, '')) : undefined
    if (!values) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
    // TXT strings are at most 255 characters each; a record is the list of its strings.
    return values.map((v) => v.match(/.{1,255}/g) ?? [''])
  }
}

/** A small, valid JPEG (a receipt photo as far as the pipeline can tell). */
export async function jpeg(
  label = 'receipt',
  width = 120,
  height = 200,
): Promise<{ filename: string; content: Buffer }> {
  const content = await sharp({
    create: { width, height, channels: 3, background: { r: 250, g: 250, b: 245 } },
  })
    .jpeg()
    .toBuffer()
  return { filename: `${label}.jpg`, content }
}

/** A minimal one-page PDF (a receipt a shop's system might send). */
export function pdf(label = 'invoice'): { filename: string; content: Buffer } {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n')
  return { filename: `${label}.pdf`, content: Buffer.from(`${body}\n`, 'latin1') }
}

export interface MessageSpec {
  from: string
  to: string
  subject?: string
  /** The Message-ID header; a fresh one unless given; `null` leaves the header out. */
  messageId?: string | null
  attachments?: { filename: string; content: Buffer; contentType?: string }[]
  /** Signs the message (DKIM-Signature of this key's domain and selector). */
  dkim?: DkimKey
}

/** The raw message (CRLF), signed when `dkim` is given. */
export async function buildMessage(spec: MessageSpec): Promise<Buffer> {
  const messageId =
    spec.messageId === undefined ? `<${randomUUID()}@${spec.from.split('@')[1]}>` : spec.messageId
  const composer = new MailComposer({
    from: spec.from,
    to: spec.to,
    subject: spec.subject ?? 'My receipt',
    text: 'The receipt is attached.',
    ...(messageId ? { messageId } : {}),
    attachments: spec.attachments ?? [],
  })
  let raw = await composer.compile().build()
  // The composer always writes a Message-ID: taken out for a message that has none.
  if (messageId === null)
    raw = Buffer.from(raw.toString('latin1').replace(/^Message-ID:[^\r\n]*\r\n/im, ''), 'latin1')
  return spec.dkim ? signRaw(raw, spec.dkim) : raw
}

/** `raw` with a DKIM-Signature of `dkim` prepended (what a sender's signing MTA does). */
export async function signRaw(raw: Buffer, dkim: DkimKey): Promise<Buffer> {
  const key = {
    signingDomain: dkim.domain,
    selector: dkim.selector,
    privateKey: dkim.privateKey,
  }
  // mailauth 4 signs what `signatureData` lists (its types show only the single-key form).
  // `signTime` is given: without it mailauth 4.13 computes the `t=` tag twice, with
  // Math.round(Date.now() / 1000), once in the header it signs and once in the header it writes;
  // when a half second passes in between (~1 % of messages, more on a loaded machine) the two
  // differ and the signature is bad (`dkim=fail`). That was the inbound tests' rare flake.
  const signed = await dkimSign(raw, { ...key, signTime: new Date(), signatureData: [key] })
  if (signed.errors.length > 0 || !signed.signatures.startsWith('DKIM-Signature'))
    throw new Error(`DKIM signing failed: ${JSON.stringify(signed.errors)}`)
  return Buffer.concat([Buffer.from(signed.signatures), raw])
}

export interface SmtpOutcome {
  greeting: string
  mail: string
  /** One reply per RCPT TO, in order. */
  rcpt: string[]
  /** The reply at the end of DATA; null when DATA was not reached (no recipient accepted). */
  data: string | null
}

/** One SMTP transaction over a raw socket, each reply kept (EHLO, MAIL, RCPT…, DATA, QUIT). */
export async function smtpDeliver(
  port: number,
  envelope: { mailFrom: string; rcptTo: string[]; raw: Buffer; size?: number },
): Promise<SmtpOutcome> {
  const client = await SmtpClient.open(port)
  try {
    const greeting = await client.reply()
    await client.command('EHLO sender.test')
    const mail = await client.command(
      `MAIL FROM:<${envelope.mailFrom}>${envelope.size !== undefined ? ` SIZE=${envelope.size}` : ''}`,
    )
    const rcpt: string[] = []
    if (mail.startsWith('250'))
      for (const to of envelope.rcptTo) rcpt.push(await client.command(`RCPT TO:<${to}>`))
    let data: string | null = null
    if (rcpt.some((r) => r.startsWith('250'))) {
      const go = await client.command('DATA')
      if (go.startsWith('354')) {
        client.write(Buffer.concat([dotStuffed(envelope.raw), Buffer.from('.\r\n')]))
        data = await client.reply()
      } else data = go
    }
    await client.command('QUIT').catch(() => '')
    return { greeting, mail, rcpt, data }
  } finally {
    client.close()
  }
}

function dotStuffed(raw: Buffer): Buffer {
  let text = raw.toString('latin1').replace(/\r?\n/g, '\r\n')
  if (!text.endsWith('\r\n')) text += '\r\n'
  return Buffer.from(text.replace(/^\./gm, '..'), 'latin1')
}

class SmtpClient {
  private buffer = ''
  private waiting: ((reply: string) => void) | null = null
  private readonly replies: string[] = []

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => this.take(chunk))
    socket.on('error', () => undefined)
  }

  static open(port: number): Promise<SmtpClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new SmtpClient(socket)))
      socket.once('error', reject)
    })
  }

  private take(chunk: string): void {
    this.buffer += chunk
    // A reply ends with a line "NNN text" (a space after the code, not "NNN-").
    for (
      let m = this.buffer.match(/(^|\r\n)\d{3} [^\r\n]*\r\n/);
      m;
      m = this.buffer.match(/(^|\r\n)\d{3} [^\r\n]*\r\n/)
    ) {
      const end = (m.index ?? 0) + m[0].length
      const reply = this.buffer.slice(0, end).trim().split('\r\n').at(-1) ?? ''
      this.buffer = this.buffer.slice(end)
      if (this.waiting) {
        const w = this.waiting
        this.waiting = null
        w(reply)
      } else this.replies.push(reply)
    }
  }

  reply(): Promise<string> {
    const ready = this.replies.shift()
    if (ready !== undefined) return Promise.resolve(ready)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no SMTP reply within 20 s')), 20_000)
      this.waiting = (r) => {
        clearTimeout(timer)
        resolve(r)
      }
    })
  }

  write(data: Buffer | string): void {
    this.socket.write(data)
  }

  command(line: string): Promise<string> {
    this.write(`${line}\r\n`)
    return this.reply()
  }

  close(): void {
    this.socket.destroy()
  }
}

/** A customer at a domain of their own (DKIM key published), and their inbox address. */
export async function customerWithInbox(svc: TestService, dns: FakeDns) {
  const domain = `c${randomUUID().slice(0, 8)}.example.com`
  const customer = await createUser(svc.deps, { role: 'CUSTOMER', email: `jane@${domain}` })
  const res = await svc.request({ method: 'GET', url: '/v1/customer/inbox-address', token: customer.token })
  if (res.statusCode !== 200) throw new Error(`inbox address: ${res.statusCode} ${res.body}`)
  const inbox = (res.json() as { address: string }).address
  return { customer, inbox, domain, key: dns.publishDkim(domain) }
}

/** A merchant's sender address (verified or not), and optionally a warranty it issued to `customerId`. */
export async function merchantSender(
  svc: TestService,
  dns: FakeDns,
  options: { verified: boolean; warrantyFor?: string },
) {
  const { db } = svc.deps
  const merchant = await createMerchant(db)
  const domain = `m${randomUUID().slice(0, 8)}.example.com`
  const email = `receipts@${domain}`
  await db
    .insert(senderAddresses)
    .values({ merchantId: merchant.id, email, verifiedAt: options.verified ? new Date() : null })
  if (options.warrantyFor) {
    const warranty = await insertWarranty(db, { merchantId: merchant.id })
    await db.update(warranties).set({ customerId: options.warrantyFor }).where(eq(warranties.id, warranty.id))
  }
  return { merchant, email, key: dns.publishDkim(domain) }
}

/** The customer's receipts through the API. */
export async function receiptsOf(svc: TestService, token: string) {
  const res = await svc.request({ method: 'GET', url: '/v1/customer/receipts', token })
  if (res.statusCode !== 200) throw new Error(`receipts: ${res.statusCode} ${res.body}`)
  return (res.json() as { items: { id: string; source: string; contentType: string }[] }).items
}

/**
 * The common case: a message from the customer's own address to their inbox, signed with their
 * domain's key, one JPEG attached unless `spec` says otherwise.
 */
export async function customerMessage(
  c: { customer: { email: string }; inbox: string; key: DkimKey },
  spec: Partial<MessageSpec> = {},
): Promise<Buffer> {
  return buildMessage({
    from: c.customer.email,
    to: c.inbox,
    attachments: spec.attachments ?? [await jpeg()],
    dkim: c.key,
    ...spec,
  })
}
