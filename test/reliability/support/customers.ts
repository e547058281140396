/**
 * Customers at work beside an issue load, for the crash scenarios (issue 18): each claim e-mail
 * that reaches the SMTP sink is claimed once (POST /v1/customer/auth/claim with its claim id),
 * and the first `maxJourneys` customers of acknowledged warranties then go on as their issue
 * number says (`journeyOf`):
 *
 * - a warranty issued to expire in 20 days (`expiringIssue`): the customer registers a phone
 *   (Android through FCM, iOS through APNs, every other one) and then asks for reminders 30 days
 *   ahead (PATCH /v1/customer/me), which makes the warranty due: exactly one push to that phone
 *   is expected. Or, without a phone, only the PATCH: exactly one reminder e-mail is expected
 *   (the e-mail fallback). The warranty is not due before the PATCH (the default is 7 days), so
 *   no reminder can go out before the phone is registered;
 * - a receipt: saved (a small PNG of its own colour, with `ocrData`, so no OCR runs), then
 *   shared by e-mail with a repair shop: exactly one share e-mail per share answered 200;
 * - otherwise the claim only.
 *
 * A reminder run (the cron route) is asked for every 2 s. Every step is retried until it is
 * answered 200 (the service is down half of the time): registering, the PATCH and reading are
 * idempotent; a save or share cut by a kill may have happened without an answer, so a share is
 * retried to a new address, and a save's retry sends the same bytes (one object, two rows).
 * Only what was answered 200 is expected.
 *
 * `countCustomers` then counts from outside: the pushes at the local FCM and APNs servers, the
 * reminder and share e-mails at the SMTP sink, and each receipt's objects (image, thumbnail) in
 * DATA_DIR/blobs, read back through the API and hashed (an object's key is its SHA-256).
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import sharp from 'sharp'
import { type FakeApns, startFakeApns } from '../../support/fake-apns.js'
import { type FakeFcm, startFakeFcm } from '../../support/fake-fcm.js'
import { fakePushEnv } from '../../support/fake-push-env.js'
import type { SmtpSink } from '../../support/smtp-sink.js'
import type { AckedWarranty } from './issue-load.js'
import { request } from './service-api.js'

export const CRON_SECRET = 'reliability-cron-secret'

/** Days until expiry of the warranties that become due (within 30, not within the default 7). */
const EXPIRES_IN_DAYS = 20

export type Journey = 'push-android' | 'push-ios' | 'reminder-email' | 'receipt' | 'claim-only'

/** What the customer of issue `n` does after the claim. */
export function journeyOf(n: number): Journey {
  if (n % 16 === 0) return 'push-android'
  if (n % 8 === 0) return 'push-ios'
  if (n % 4 === 0) return 'reminder-email'
  if (n % 4 === 1) return 'receipt'
  return 'claim-only'
}

/** The issue load's `extra`: the warranties of reminder journeys expire in 20 days. */
export function expiringIssue(n: number): Record<string, unknown> {
  return n % 4 === 0 ? { expiresAt: new Date(Date.now() + EXPIRES_IN_DAYS * 86_400_000).toISOString() } : {}
}

/** The issue number of a load customer's address (`c<n>-<tag>@…`). */
function issueNumber(email: string): number | null {
  const n = /^c(\d+)-/.exec(email)?.[1]
  return n === undefined ? null : Number(n)
}

/** The local push servers, and the service settings that point at them. */
export interface PushServers {
  fcm: FakeFcm
  apns: FakeApns
  env: Record<string, string>
  close(): Promise<void>
}

export async function startPushServers(): Promise<PushServers> {
  const fcm = await startFakeFcm()
  const apns = await startFakeApns({ tls: false })
  return {
    fcm,
    apns,
    env: {
      ...fakePushEnv(fcm, apns),
    },
    close: async () => {
      await fcm.close()
      await apns.close()
    },
  }
}

interface Expected {
  /** `<device token>|<warrantyId>` of every phone registered and made due (both answered 200). */
  pushes: Set<string>
  /** Customer addresses made due without a phone. */
  reminderEmails: Set<string>
  /** Share addresses of shares answered 200. */
  shares: Set<string>
  /** Receipts answered 200, by customer token. */
  receipts: Map<string, Set<string>>
}

export class Customers {
  readonly claimed = new Set<string>()
  readonly outcomes: Record<string, number> = {}
  readonly expected: Expected = {
    pushes: new Set(),
    reminderEmails: new Set(),
    shares: new Set(),
    receipts: new Map(),
  }
  /** Tokens of the customers who save receipts (to read their receipts back). */
  readonly receiptCustomers = new Set<string>()
  /** Journeys started / finished (every step answered 200). */
  started = 0
  finished = 0
  /** When the last receipt save was sent (its objects may be orphaned by a kill from then on). */
  lastSaveAt = 0
  private readonly tried = new Set<string>()
  private readonly journeys = new Set<Promise<void>>()
  private readonly tag = randomBytes(3).toString('hex')
  private running = true
  private done: Promise<void> = Promise.resolve()

  constructor(
    private readonly options: {
      url: () => string
      sink: SmtpSink
      /** The acknowledged warranty of a load customer, by address (journeys only for those). */
      acknowledged: (email: string) => AckedWarranty | undefined
      /** Customers who go on after the claim (the first claimed); the others only claim. */
      maxJourneys: number
    },
  ) {}

  start(): this {
    this.done = Promise.all([this.claimLoop(), this.reminderLoop()]).then(() => undefined)
    return this
  }

  /**
   * True when every journey started has finished, and either all were started or every claim
   * e-mail at the sink was tried (no journey can start later).
   */
  settled(): boolean {
    const untried = this.options.sink.messages.some(
      (m) => !this.tried.has(m.envelope.to[0] ?? '') && /claimId=/.test(m.text ?? ''),
    )
    return (!untried || this.started >= this.options.maxJourneys) && this.finished === this.started
  }

  async stop(): Promise<void> {
    this.running = false
    await this.done
    await Promise.all([...this.journeys])
  }

  private count(what: string) {
    this.outcomes[what] = (this.outcomes[what] ?? 0) + 1
  }

  private async send(
    what: string,
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: string }> {
    try {
      const res = await request(`${this.options.url()}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs: 10_000,
      })
      this.count(`${what} ${res.status}`)
      return res
    } catch {
      this.count(`${what} no answer`)
      return { status: 0, body: '' }
    }
  }

  /** Sends until answered 200 (a new body per attempt when `body` is a function); null once stopped. */
  private async until200(
    what: string,
    method: string,
    path: string,
    token: string,
    body: unknown | ((attempt: number) => unknown),
  ): Promise<{ body: string; sent: unknown } | null> {
    for (let attempt = 0; this.running; attempt++) {
      const sent = typeof body === 'function' ? (body as (a: number) => unknown)(attempt) : body
      const res = await this.send(what, method, path, sent, { authorization: `Bearer ${token}` })
      if (res.status === 200) return { body: res.body, sent }
      await sleep(250)
    }
    return null
  }

  private async claimLoop() {
    while (this.running) {
      const open = this.options.sink.messages.filter((m) => !this.tried.has(m.envelope.to[0] ?? ''))
      for (const message of open.slice(0, 5)) await this.claim(message)
      await sleep(100)
    }
  }

  private async claim(message: SmtpSink['messages'][number]) {
    const to = message.envelope.to[0] ?? ''
    const claimId = /claimId=([\w-]+)/.exec(message.text ?? '')?.[1]
    this.tried.add(to)
    if (!claimId) return
    const res = await this.send('claim', 'POST', '/v1/customer/auth/claim', { claimId })
    if (res.status !== 200) return
    this.claimed.add(to)
    const warranty = this.options.acknowledged(to)
    const n = issueNumber(to)
    if (!warranty || n === null) return
    const token = (JSON.parse(res.body) as { token: string }).token
    if (this.started >= this.options.maxJourneys) return
    this.started++
    const journey = this.journey(journeyOf(n), n, token, to, warranty.id).finally(() => {
      this.journeys.delete(journey)
    })
    this.journeys.add(journey)
  }

  private async journey(kind: Journey, n: number, token: string, email: string, warrantyId: string) {
    const steps = async (): Promise<boolean> => {
      if (kind === 'push-android' || kind === 'push-ios') {
        const device =
          kind === 'push-ios'
            ? createHash('sha256').update(`${this.tag}-${n}`).digest('hex')
            : `fcm-${this.tag}-${n}:${randomBytes(8).toString('base64url')}`
        const platform = kind === 'push-ios' ? 'ios' : 'android'
        if (
          !(await this.until200('register', 'POST', '/v1/customer/push/register', token, {
            token: device,
            platform,
          }))
        )
          return false
        if (
          !(await this.until200('remind 30 days', 'PATCH', '/v1/customer/me', token, {
            reminderDaysBeforeExpiry: 30,
          }))
        )
          return false
        this.expected.pushes.add(`${device}|${warrantyId}`)
        return true
      }
      if (kind === 'reminder-email') {
        if (
          !(await this.until200('remind 30 days', 'PATCH', '/v1/customer/me', token, {
            reminderDaysBeforeExpiry: 30,
          }))
        )
          return false
        this.expected.reminderEmails.add(email)
        return true
      }
      if (kind === 'receipt') {
        this.receiptCustomers.add(token)
        const imageBase64 = (await receiptImage(n)).toString('base64')
        const saved = await this.until200('receipt save', 'POST', '/v1/customer/receipts', token, () => {
          this.lastSaveAt = Date.now()
          return { imageBase64, ocrData: { merchant: 'Crash Test Audio', total: '12.50' } }
        })
        if (!saved) return false
        const id = (JSON.parse(saved.body) as { id: string }).id
        const receipts = this.expected.receipts.get(token) ?? new Set<string>()
        this.expected.receipts.set(token, receipts.add(id))
        const shared = await this.until200(
          'receipt share',
          'POST',
          `/v1/customer/receipts/${id}/share-email`,
          token,
          (attempt: number) => ({
            toEmail: `shop-${this.tag}-${n}-${attempt}@repair.example.com`,
          }),
        )
        if (!shared) return false
        this.expected.shares.add((shared.sent as { toEmail: string }).toEmail)
        return true
      }
      return true
    }
    if (await steps()) this.finished++
  }

  private async reminderLoop() {
    while (this.running) {
      await this.send('reminders', 'POST', '/v1/global/jobs/warranty-reminders', undefined, {
        'x-cron-secret': CRON_SECRET,
      })
      await sleep(2000)
    }
  }
}

/** A small PNG of a colour of its own per issue number (so each receipt has its own objects). */
function receiptImage(n: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 40,
      height: 64,
      channels: 3,
      background: { r: n % 256, g: Math.floor(n / 256) % 256, b: 77 },
    },
  })
    .png()
    .toBuffer()
}

/** Distinct Message-IDs per recipient of the sink's messages whose subject matches. */
function messagesTo(sink: SmtpSink, subject: RegExp): Map<string, Set<string>> {
  const byRecipient = new Map<string, Set<string>>()
  for (const message of sink.messages) {
    if (!subject.test(message.subject ?? '')) continue
    for (const to of message.envelope.to) {
      const ids = byRecipient.get(to) ?? new Set<string>()
      byRecipient.set(to, ids.add(message.messageId ?? `(none ${byRecipient.size})`))
    }
  }
  return byRecipient
}

/** Pushes accepted by the push servers, per `<device token>|<warrantyId>`. */
/** Every push the servers accepted, by `token|warrantyId`: the times each copy was accepted, in order. */
function pushesAtServers(servers: PushServers): Map<string, number[]> {
  const times = new Map<string, number[]>()
  const add = (key: string, at: number) => times.set(key, [...(times.get(key) ?? []), at])
  for (const m of servers.fcm.sent) add(`${m.token}|${m.data?.warrantyId ?? ''}`, m.at)
  for (const m of servers.apns.sent) add(`${m.token}|${String(m.payload.warrantyId ?? '')}`, m.at)
  for (const list of times.values()) list.sort((a, b) => a - b)
  return times
}

/**
 * How long before a kill a push's first copy may have been accepted for its second copy to be
 * the documented resend (docs/reminders.md, "Exactly once, and its one limit": a process killed
 * between the provider's answer and the SENT record sends it again when the lease ends). Every
 * other second copy is a fault.
 */
const RESEND_WINDOW_MS = 2000

/** Two copies, the first accepted just before a kill and the second after it: the documented resend. */
function resentAcrossKill(times: number[], killedAt: readonly number[]): boolean {
  const [first, second] = times
  if (times.length !== 2 || first === undefined || second === undefined) return false
  return killedAt.some((k) => first <= k && first >= k - RESEND_WINDOW_MS && second > k)
}

/** Every blob key under DATA_DIR/blobs (`ab/cd/abcd…`); temporary files of a cut write apart. */
export function blobFiles(dataDir: string): { keys: Set<string>; tempFiles: number } {
  const root = join(dataDir, 'blobs')
  const keys = new Set<string>()
  let tempFiles = 0
  if (!existsSync(root)) return { keys, tempFiles }
  for (const entry of readdirSync(root, { recursive: true }).map(String)) {
    const name = entry.split('/').at(-1) ?? ''
    if (/^[0-9a-f]{64}$/.test(name) && entry === `${name.slice(0, 2)}/${name.slice(2, 4)}/${name}`)
      keys.add(name)
    else if (name.endsWith('.tmp')) tempFiles++
  }
  return { keys, tempFiles }
}

/** The pushes and reminder e-mails expected are all there (cheap, for polling). */
export function remindersArrived(customers: Customers, servers: PushServers, sink: SmtpSink): boolean {
  const pushes = pushesAtServers(servers)
  const mails = messagesTo(sink, /^Your warranty for /)
  return (
    [...customers.expected.pushes].every((key) => (pushes.get(key)?.length ?? 0) > 0) &&
    [...customers.expected.reminderEmails].every((to) => (mails.get(to)?.size ?? 0) > 0) &&
    [...customers.expected.shares].every((to) => messagesTo(sink, /shared with you/).has(to))
  )
}

export interface CustomerFigures {
  /** Due reminders (push) never pushed / pushed more than once / pushes nobody expected. */
  pushMissing: number
  pushedTwice: number
  pushUnexpected: number
  /** Due reminders (e-mail fallback) without / with more than one e-mail; reminder e-mails to others. */
  reminderMailMissing: number
  reminderMailTwice: number
  reminderMailUnexpected: number
  /** Shares answered 200 without their e-mail / with more than one. */
  shareMailMissing: number
  shareMailTwice: number
  /** Receipts answered 200 that the customer's list does not show. */
  receiptsLost: number
  /** Objects of listed receipts (image, thumbnail) that are not in DATA_DIR/blobs. */
  blobsMissing: number
  /** Objects in DATA_DIR/blobs that no receipt references (after the sweep's grace). */
  blobsOrphaned: number
}

export const NO_CUSTOMER_FAULT: CustomerFigures = {
  pushMissing: 0,
  pushedTwice: 0,
  pushUnexpected: 0,
  reminderMailMissing: 0,
  reminderMailTwice: 0,
  reminderMailUnexpected: 0,
  shareMailMissing: 0,
  shareMailTwice: 0,
  receiptsLost: 0,
  blobsMissing: 0,
  blobsOrphaned: 0,
}

/** The keys of every receipt's objects, read back through the API (SHA-256 of the bytes). */
async function receiptKeys(
  serviceUrl: string,
  customers: Customers,
): Promise<{ keys: Set<string>; listed: number; lost: number; unreadable: number }> {
  const keys = new Set<string>()
  let listed = 0
  let lost = 0
  let unreadable = 0
  for (const token of customers.receiptCustomers) {
    const headers = { authorization: `Bearer ${token}` }
    const res = await request(`${serviceUrl}/v1/customer/receipts?limit=100`, { headers })
    if (res.status !== 200) throw new Error(`GET /v1/customer/receipts answered ${res.status}: ${res.body}`)
    const items = (JSON.parse(res.body) as { items: { id: string; thumbnailUrl: string | null }[] }).items
    listed += items.length
    const ids = new Set(items.map((r) => r.id))
    for (const id of customers.expected.receipts.get(token) ?? []) if (!ids.has(id)) lost++
    for (const receipt of items) {
      for (const part of ['image', 'thumbnail']) {
        const bytes = await getBytes(`${serviceUrl}/v1/customer/receipts/${receipt.id}/${part}`, headers)
        if (bytes === null) unreadable++
        else keys.add(createHash('sha256').update(bytes).digest('hex'))
      }
    }
  }
  return { keys, listed, lost, unreadable }
}

async function getBytes(url: string, headers: Record<string, string>): Promise<Buffer | null> {
  const res = await fetch(url, { headers })
  if (res.status !== 200) return null
  return Buffer.from(await res.arrayBuffer())
}

/**
 * Counts what the customers' work left, from outside. Waits (up to `orphanDeadline`) for the
 * orphan sweep to remove objects that kills left without a row; `orphansAtFirstLook` says how
 * many there were when the counting began.
 */
export async function countCustomers(options: {
  serviceUrl: string
  dataDir: string
  customers: Customers
  servers: PushServers
  sink: SmtpSink
  orphanDeadline: number
  /** When each process that sends pushes was killed (ms since the epoch). */
  killedAt: readonly number[]
}): Promise<{ figures: CustomerFigures; details: Record<string, unknown> }> {
  const { serviceUrl, dataDir, customers, servers, sink } = options
  const pushes = pushesAtServers(servers)
  const expectedPushes = customers.expected.pushes
  const reminderMails = messagesTo(sink, /^Your warranty for /)
  const shareMails = messagesTo(sink, /shared with you/)
  const count = <T>(items: Iterable<T>, test: (item: T) => boolean) => [...items].filter(test).length

  const read = await receiptKeys(serviceUrl, customers)
  const files = blobFiles(dataDir)
  const orphansAtFirstLook = count(files.keys, (k) => !read.keys.has(k))
  let orphaned = orphansAtFirstLook
  let sweptAfter: number | null = orphaned === 0 ? 0 : null
  const firstLook = Date.now()
  while (orphaned > 0 && Date.now() < options.orphanDeadline) {
    await sleep(500)
    orphaned = count(blobFiles(dataDir).keys, (k) => !read.keys.has(k))
    if (orphaned === 0) sweptAfter = Date.now() - firstLook
  }
  const finalFiles = blobFiles(dataDir)

  return {
    figures: {
      pushMissing: count(expectedPushes, (k) => !pushes.has(k)),
      pushedTwice: count(
        expectedPushes,
        (k) => (pushes.get(k)?.length ?? 0) > 1 && !resentAcrossKill(pushes.get(k) ?? [], options.killedAt),
      ),
      pushUnexpected: count(pushes.keys(), (k) => !expectedPushes.has(k)),
      reminderMailMissing: count(customers.expected.reminderEmails, (to) => !reminderMails.has(to)),
      reminderMailTwice: count(
        customers.expected.reminderEmails,
        (to) => (reminderMails.get(to)?.size ?? 0) > 1,
      ),
      reminderMailUnexpected: count(reminderMails.keys(), (to) => !customers.expected.reminderEmails.has(to)),
      shareMailMissing: count(customers.expected.shares, (to) => !shareMails.has(to)),
      shareMailTwice: count(customers.expected.shares, (to) => (shareMails.get(to)?.size ?? 0) > 1),
      receiptsLost: read.lost,
      blobsMissing: count(read.keys, (k) => !finalFiles.keys.has(k)) + read.unreadable,
      blobsOrphaned: orphaned,
    },
    details: {
      journeys: { started: customers.started, finished: customers.finished },
      pushesExpected: expectedPushes.size,
      pushesAtServers: { fcm: servers.fcm.sent.length, apns: servers.apns.sent.length },
      /** Second copies of the documented kind: the first accepted within the window before a kill. */
      pushesResentAcrossAKill: count(expectedPushes, (k) =>
        resentAcrossKill(pushes.get(k) ?? [], options.killedAt),
      ),
      reminderEmailsExpected: customers.expected.reminderEmails.size,
      sharesExpected: customers.expected.shares.size,
      receiptsAcknowledged: [...customers.expected.receipts.values()].reduce((sum, s) => sum + s.size, 0),
      receiptsListed: read.listed,
      blobKeysReferenced: read.keys.size,
      blobFiles: finalFiles.keys.size,
      orphansAtFirstLook,
      msToOrphansSwept: sweptAfter,
      tempFilesLeft: finalFiles.tempFiles,
    },
  }
}
