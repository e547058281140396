import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailMessages } from '../../src/db/schema/index.js'
import { uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js'

let sink: SmtpSink
let svc: TestService
beforeAll(async () => {
  sink = await startSmtpSink()
  // Logged in, so that the sink's `auths` counts the connections the pool opened.
  const url = sink.url.replace('smtp://', 'smtp://outbox:secret@')
  // The test dispatches by hand; 4 at once and batches of 7, so 30 messages take several reads.
  svc = await createTestService({ env: { SMTP_URL: url, MAIL_CONCURRENCY: '4', MAIL_BATCH_SIZE: '7' } })
})
afterAll(async () => {
  await svc?.close()
  await sink?.close()
})

async function enqueue(count: number, prefix: string): Promise<string[]> {
  const outbox = svc.services.mailOutbox
  return svc.deps.db.transaction(async (tx) => {
    const ids: string[] = []
    for (let i = 0; i < count; i++) {
      ids.push(
        await outbox.enqueue(tx, {
          to: uniqueEmail(`${prefix}${i}`),
          content: {
            template: 'customer.magic-link',
            data: { url: `http://app.test/auth/magic?token=${'t'.repeat(43)}`, expiresInMinutes: 10 },
          },
        }),
      )
    }
    return ids
  })
}

const rowsOf = (ids: string[]) => svc.deps.db.select().from(mailMessages).where(inArray(mailMessages.id, ids))

describe('the e-mail outbox over SMTP (MAIL_CONCURRENCY, MAIL_BATCH_SIZE)', () => {
  it('delivers every due message once over at most MAIL_CONCURRENCY connections and records each SENT', async () => {
    sink.clear()
    const ids = await enqueue(30, 'window')
    await svc.services.mailOutbox.dispatch()

    const rows = await rowsOf(ids)
    expect(rows.map((r) => [r.status, r.attempts, r.lastError])).toEqual(ids.map(() => ['SENT', 1, null]))
    expect(rows.every((r) => r.sentAt !== null && r.providerId?.startsWith('sink-'))).toBe(true)
    const delivered = sink.messages.map((m) => m.messageId)
    expect(delivered).toHaveLength(30)
    expect(new Set(delivered)).toEqual(new Set(rows.map((r) => r.messageId)))
    expect(sink.auths.length).toBeGreaterThanOrEqual(1)
    expect(sink.auths.length).toBeLessThanOrEqual(4)

    // Nothing is due any more: another run sends nothing.
    await svc.services.mailOutbox.dispatch()
    expect(sink.messages).toHaveLength(30)
  })

  it('records each outcome within one batch: SENT, FAILED on 550, retried later on 451', async () => {
    sink.clear()
    sink.failNext(550, 'Mailbox unavailable')
    sink.failNext(451, 'Try again later')
    const started = Date.now()
    const ids = await enqueue(12, 'outcomes')
    await svc.services.mailOutbox.dispatch()

    const rows = await rowsOf(ids)
    const failed = rows.filter((r) => r.status === 'FAILED')
    const waiting = rows.filter((r) => r.status === 'QUEUED')
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({ attempts: 1, lastError: expect.stringContaining('550') })
    expect(waiting).toHaveLength(1)
    expect(waiting[0]).toMatchObject({ attempts: 1, lastError: expect.stringContaining('451') })
    // MAIL_RETRY_DELAY_SECONDS (10 s by default) after the attempt.
    expect(waiting[0]!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(started + 9_000)
    const sent = rows.filter((r) => r.status === 'SENT')
    expect(sent).toHaveLength(10)
    expect(sink.messages.map((m) => m.messageId).sort()).toEqual(sent.map((r) => r.messageId).sort())
  })
})
