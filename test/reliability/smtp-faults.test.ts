/**
 * Issue 18: the SMTP server answering 451, then 550, then refusing connections, end to end.
 * The built service sends its claim e-mails to a real SMTP sink that the test turns bad:
 *
 * 1. 451 on every RCPT TO (greylisting, a full queue): the message is retried with the
 *    service's backoff (MAIL_RETRY_DELAY_SECONDS, doubling; 1 s here so that the test is
 *    fast) and delivered once the server accepts again;
 * 2. 550 (mailbox unavailable): given up at once, no second attempt; the merchant's read of
 *    the warranty shows `notificationDelivery.status` FAILED; resend-notification delivers;
 * 3. connections refused (the server down): retried, then given up after MAIL_MAX_ATTEMPTS,
 *    FAILED on the warranty; resend-notification delivers once the server is back.
 *
 * In the end, exactly one delivered e-mail (one Message-ID) per warranty, naming its code.
 * Figures and commands: docs/reliability.md.
 */
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { type ExternalChain, startExternalChain } from '../support/mint-fixtures.js'
import type { SmtpSink } from '../support/smtp-sink.js'
import { ensureBuilt } from './support/build.js'
import { createScenario } from './support/scenario.js'
import { call, setUpMerchant } from './support/service-api.js'

const RETRY_DELAY_S = 1
const MAX_ATTEMPTS = 5

interface Delivery {
  status: 'QUEUED' | 'SENT' | 'FAILED'
  attempts: number
  sentAt: string | null
  updatedAt: string
}

interface Detail {
  id: string
  warrantyCode: string
  notificationDelivery: Delivery | null
}

/** Polls `read` until `done` holds; answers the last value and how long it took. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const started = Date.now()
  for (;;) {
    const value = await read()
    if (done(value)) return { value, ms: Date.now() - started }
    if (Date.now() - started > timeoutMs)
      throw new Error(`not within ${timeoutMs} ms: ${JSON.stringify(value)}`)
    await sleep(100)
  }
}

const refusalsTo = (sink: SmtpSink, email: string) => sink.refusals.filter((r) => r.to.includes(email))
const deliveredTo = (sink: SmtpSink, email: string) =>
  new Set(sink.messages.filter((m) => m.envelope.to.includes(email)).map((m) => m.messageId))

async function smtpFaults() {
  const scenario = await createScenario(`smtp-faults`)
  const { sink } = scenario
  let chain: ExternalChain | null = null
  try {
    chain = await startExternalChain({ blockTimeSeconds: 1 })
    const service = scenario.service({
      env: {
        CHAIN_RPC_URL: chain.directUrl,
        CHAIN_PRIVATE_KEY: chain.env.CHAIN_PRIVATE_KEY!,
        CERTIFICATE_CONTRACT_ADDRESS: chain.address,
        MAIL_RETRY_DELAY_SECONDS: String(RETRY_DELAY_S),
        MAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      },
    })
    await service.start()
    const { token, productId } = await setUpMerchant(service.url)
    const tag = randomUUID().slice(0, 8)
    const issue = (email: string) =>
      call<Detail>(service.url, 'POST', '/v1/merchant/warranties/issue', {
        token,
        body: { serialNumber: `SMTP-${tag}-${email}`, merchantProductId: productId, customerEmail: email },
      })
    const read = (id: string) => call<Detail>(service.url, 'GET', `/v1/merchant/warranties/${id}`, { token })
    const delivery = async (id: string) => (await read(id)).notificationDelivery
    const resend = (id: string) =>
      call<{ notification: string }>(
        service.url,
        'POST',
        `/v1/merchant/warranties/${id}/resend-notification`,
        {
          token,
        },
      )

    // 1. 451 on every RCPT TO: retried with backoff, delivered once the server accepts again.
    const greylisted = `greylisted-${tag}@smtp.example.com`
    sink.failAll(451, '4.7.1 Greylisted, try again later')
    const w1 = await issue(greylisted)
    const issuedAt1 = Date.now()
    await until(
      async () => refusalsTo(sink, greylisted).length,
      (n) => n >= 3,
      30_000,
    )
    const whileRetrying = (
      await until(
        () => delivery(w1.id),
        (d) => (d?.attempts ?? 0) >= 3,
        10_000,
      )
    ).value
    sink.recover()
    const sent1 = await until(
      () => delivery(w1.id),
      (d) => d?.status === 'SENT',
      30_000,
    )
    const refusals1 = refusalsTo(sink, greylisted).map((r) => r.at)
    const retryGapsMs = refusals1.slice(1).map((at, i) => at - refusals1[i]!)

    // 2. 550: given up at once, FAILED on the warranty; resend delivers once accepted.
    const rejected = `rejected-${tag}@smtp.example.com`
    sink.failAll(550, '5.1.1 Mailbox unavailable')
    const w2 = await issue(rejected)
    const failed2 = await until(
      () => delivery(w2.id),
      (d) => d?.status === 'FAILED',
      30_000,
    )
    await sleep(Math.max(3_000, RETRY_DELAY_S * 3_000)) // a retry would come within this
    const refusals2 = refusalsTo(sink, rejected).length
    const afterWait2 = await delivery(w2.id)
    sink.recover()
    const resend2 = await resend(w2.id)
    const sent2 = await until(
      () => delivery(w2.id),
      (d) => d?.status === 'SENT',
      30_000,
    )

    // 3. Connections refused: retried, given up after MAX_ATTEMPTS; resend once it is back.
    const unreachable = `unreachable-${tag}@smtp.example.com`
    await sink.stop()
    const w3 = await issue(unreachable)
    const issuedAt3 = Date.now()
    const midway = (
      await until(
        () => delivery(w3.id),
        (d) => (d?.attempts ?? 0) >= 2,
        30_000,
      )
    ).value
    const failed3 = await until(
      () => delivery(w3.id),
      (d) => d?.status === 'FAILED',
      90_000,
    )
    const failedAfterMs3 = Date.now() - issuedAt3
    await sink.start()
    const stillFailed3 = await delivery(w3.id)
    const resend3 = await resend(w3.id)
    const sent3 = await until(
      () => delivery(w3.id),
      (d) => d?.status === 'SENT',
      30_000,
    )

    // A little longer: nothing more arrives.
    await sleep(3_000)
    const perWarranty = {
      greylisted: deliveredTo(sink, greylisted).size,
      rejected: deliveredTo(sink, rejected).size,
      unreachable: deliveredTo(sink, unreachable).size,
    }
    const namesItsCode = [
      [greylisted, w1],
      [rejected, w2],
      [unreachable, w3],
    ].every(([email, w]) =>
      sink.messages
        .filter((m) => m.envelope.to.includes(email as string))
        .every((m) => (m.text ?? '').includes((w as Detail).warrantyCode)),
    )
    const messagesDelivered = sink.messages.length
    scenario.report({
      settings: { MAIL_RETRY_DELAY_SECONDS: RETRY_DELAY_S, MAIL_MAX_ATTEMPTS: MAX_ATTEMPTS },
      greylisted451: {
        refusals: refusals1.length,
        msFromIssueToEachAttempt: refusals1.map((at) => at - issuedAt1),
        retryGapsMs,
        whileRetrying,
        deliveredMsAfterRecovery: sent1.ms,
        final: sent1.value,
      },
      rejected550: {
        failedAfterMs: failed2.ms,
        refusals: refusals2,
        afterWait: afterWait2,
        resend: resend2.notification,
        deliveredAfterResendMs: sent2.ms,
        final: sent2.value,
      },
      refused: {
        midway,
        failedAfterMs: failedAfterMs3,
        failed: failed3.value,
        resend: resend3.notification,
        deliveredAfterResendMs: sent3.ms,
        final: sent3.value,
      },
      deliveredPerWarranty: perWarranty,
      messagesDelivered,
      logErrorLines: service.totals().errorCount,
      firstErrorLines: service.runs.flatMap((r) => r.log.errorLines).slice(0, 3),
    })

    // 451: retried (at least 3 refusals, then delivered), each gap at least the backoff.
    expect(refusals1.length).toBeGreaterThanOrEqual(3)
    const backoffMs = (retry: number) => RETRY_DELAY_S * 1000 * 2 ** (retry - 1)
    expect(retryGapsMs.map((gap, i) => gap >= backoffMs(i + 1) - 50)).toEqual(retryGapsMs.map(() => true))
    expect(whileRetrying).toMatchObject({ status: 'QUEUED', sentAt: null })
    expect(sent1.value).toMatchObject({ status: 'SENT', attempts: refusals1.length + 1 })
    // 550: one attempt, FAILED, no retry; the resend delivered.
    expect({ refusals: refusals2, failed: failed2.value, afterWait: afterWait2 }).toMatchObject({
      refusals: 1,
      failed: { status: 'FAILED', attempts: 1, sentAt: null },
      afterWait: { status: 'FAILED', attempts: 1 },
    })
    expect(resend2.notification).toBe('queued')
    expect(sent2.value).toMatchObject({ status: 'SENT', attempts: 1 })
    // Refused: retried, then FAILED after exactly MAX_ATTEMPTS, not before the backoff's sum.
    expect(midway).toMatchObject({ status: 'QUEUED' })
    expect(failed3.value).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS, sentAt: null })
    expect(stillFailed3).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS })
    const backoffSumMs = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffMs(i + 1)).reduce(
      (a, b) => a + b,
    )
    expect(failedAfterMs3).toBeGreaterThanOrEqual(backoffSumMs)
    expect(resend3.notification).toBe('queued')
    expect(sent3.value).toMatchObject({ status: 'SENT', attempts: 1 })
    // Exactly one delivered e-mail per warranty, naming its code.
    expect(perWarranty).toEqual({ greylisted: 1, rejected: 1, unreachable: 1 })
    expect(namesItsCode).toBe(true)
    expect(messagesDelivered).toBe(3)
  } finally {
    await scenario.close()
    await chain?.close()
  }
}

describe(`SMTP answering 451, then 550, then refusing connections`, () => {
  beforeAll(() => ensureBuilt(), 600_000)

  it(
    'retries 451 with backoff and delivers on recovery; gives up on 550 at once and on refused connections after the attempts, the warranty showing FAILED; resend delivers; one e-mail per warranty',
    () => smtpFaults(),
    240_000,
  )
})
