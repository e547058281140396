/**
 * Claims across a `kill -9` (docs/claims.md#notifications), with real processes, the embedded
 * PostgreSQL and a real SMTP sink: customers' claims are driven through a question, an answer,
 * an approval and a resolution by concurrent clients while the process group is killed with
 * SIGKILL. After a restart the clients finish from whatever state each claim is in. Every
 * e-mail the claims' committed transitions call for arrives, and none twice: per (recipient,
 * claim) exactly as many distinct messages as the timeline says.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../support/harness.js'
import { ensureBuilt } from './support/build.js'
import { createScenario } from './support/scenario.js'
import { call, request, setUpMerchant } from './support/service-api.js'

const CLAIMS = 12

beforeAll(async () => {
  await ensureBuilt()
}, 600_000)

interface Timeline {
  status: string
  timeline: { fromStatus: string | null; toStatus: string; party: string }[]
}

/** One request; answers the status and the parsed body (0 when the service did not answer). */
async function send(url: string, method: string, path: string, token: string, body?: unknown) {
  try {
    const res = await request(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      timeoutMs: 10_000,
    })
    return { status: res.status, json: res.status < 300 ? (JSON.parse(res.body) as Timeline) : null }
  } catch {
    return { status: 0, json: null }
  }
}

/** State changes answered, across every claim (the kill waits for some, not all). */
let answered = 0

/**
 * Moves one claim on from whatever state it is in, step by step, until RESOLVED (or until a
 * step is not answered: the service is gone). Re-reads the claim before each step, so a step
 * that committed without its answer arriving is never taken twice.
 */
async function drive(
  url: () => string,
  claimId: string,
  merchant: string,
  customer: string,
): Promise<boolean> {
  for (let step = 0; step < 12; step++) {
    const now = await send(url(), 'GET', `/v1/merchant/claims/${claimId}`, merchant)
    if (!now.json) return false
    const asked = now.json.timeline.some((t) => t.toStatus === 'INFO_REQUESTED')
    const base = `/v1/merchant/claims/${claimId}`
    let res: { status: number }
    switch (now.json.status) {
      case 'RESOLVED':
        return true
      case 'SUBMITTED':
        res = asked
          ? await send(url(), 'POST', `${base}/approve`, merchant, {})
          : await send(url(), 'POST', `${base}/request-info`, merchant, { question: 'Since when?' })
        break
      case 'INFO_REQUESTED':
        res = await send(url(), 'POST', `/v1/customer/claims/${claimId}/messages`, customer, {
          body: 'Since last week',
        })
        break
      case 'APPROVED':
        res = await send(url(), 'POST', `${base}/resolve`, merchant, { outcome: 'NOT_COVERED' })
        break
      default:
        throw new Error(`unexpected state ${now.json.status}`)
    }
    if (res.status === 0) return false
    answered++
  }
  return false
}

describe('claims across a kill -9', () => {
  it('sends every e-mail of every committed transition once, whatever the kill cut', async () => {
    const scenario = await createScenario('claims-crash')
    try {
      const first = scenario.service()
      await first.start()
      let url = first.url
      const { token: merchant } = await setUpMerchant(url)
      const tag = Date.now().toString(36)
      const emails = Array.from({ length: CLAIMS }, (_, i) => `claims-crash-${tag}-${i}@example.com`)
      for (const [i, customerEmail] of emails.entries()) {
        await call(url, 'POST', '/v1/merchant/warranties/issue', {
          token: merchant,
          body: { serialNumber: `CC-${tag}-${i}`, customerEmail },
        })
      }
      await waitFor(
        async () => emails.every((e) => scenario.sink.messages.some((m) => m.envelope.to.includes(e))),
        60_000,
        100,
      )
      // Each customer signs in through the claim e-mail and opens a claim.
      const claims: { id: string; token: string; email: string }[] = []
      for (const email of emails) {
        const mail = scenario.sink.messages.find((m) => m.envelope.to.includes(email))
        const claimLink = /claimId=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? ''
        const session = await call<{ token: string }>(url, 'POST', '/v1/customer/auth/claim', {
          body: { claimId: claimLink },
        })
        const wallet = await call<{ items: { id: string }[] }>(url, 'GET', '/v1/customer/warranties', {
          token: session.token,
        })
        const warrantyId = wallet.items[0]?.id ?? ''
        const opened = await send(
          url,
          'POST',
          `/v1/customer/warranties/${warrantyId}/claims`,
          session.token,
          {
            category: 'NOT_WORKING',
            description: 'It stopped working',
          },
        )
        expect(opened.status).toBe(201)
        claims.push({ id: (opened.json as unknown as { id: string }).id, token: session.token, email })
      }

      // Drive every claim at once and kill the service while they move.
      // Four state changes per claim: the kill comes once about a third of them are answered.
      const running = claims.map((c) => drive(() => url, c.id, merchant, c.token))
      await waitFor(async () => answered >= (CLAIMS * 4) / 3, 60_000, 5)
      await first.crash()
      const cut = (await Promise.all(running)).filter((done) => !done).length
      const answeredBeforeKill = answered
      expect(cut, 'claims the kill left unfinished').toBeGreaterThan(0)

      const second = scenario.service()
      await second.start()
      url = second.url
      const finished = await Promise.all(claims.map((c) => drive(() => url, c.id, merchant, c.token)))
      expect(finished.every(Boolean)).toBe(true)

      // What each claim's timeline calls for: to the customer, the opening and every state
      // change but their own answer; to the merchant's one user, the opening and the answer.
      const expected = new Map<string, number>()
      for (const c of claims) {
        const detail = await call<Timeline>(url, 'GET', `/v1/merchant/claims/${c.id}`, { token: merchant })
        const answers = detail.timeline.filter(
          (t) => t.party === 'CUSTOMER' && t.fromStatus === 'INFO_REQUESTED',
        )
        expect(detail.timeline.map((t) => t.toStatus)).toEqual([
          'SUBMITTED',
          'INFO_REQUESTED',
          'SUBMITTED',
          'APPROVED',
          'RESOLVED',
        ])
        expected.set(`${c.email} ${c.id}`, detail.timeline.length - answers.length)
        expected.set(`seller ${c.id}`, 1 + answers.length)
      }
      const total = [...expected.values()].reduce((a, b) => a + b, 0)
      const claimMails = () =>
        scenario.sink.messages.filter((m) => /\/claims\/[0-9a-f-]{36}/.test(m.text ?? ''))
      const distinct = () => new Set(claimMails().map((m) => m.messageId)).size
      await waitFor(async () => distinct() >= total, 60_000, 200)
      // A little longer: a duplicate would show up now.
      await new Promise((r) => setTimeout(r, 3000))
      const seen = new Map<string, Set<string>>()
      for (const m of claimMails()) {
        const claimId = /\/claims\/([0-9a-f-]{36})/.exec(m.text ?? '')?.[1] ?? ''
        const to = m.envelope.to[0] ?? ''
        const key = emails.includes(to) ? `${to} ${claimId}` : `seller ${claimId}`
        const ids = seen.get(key) ?? new Set<string>()
        ids.add(m.messageId ?? '')
        seen.set(key, ids)
      }
      const counts = Object.fromEntries([...expected.keys()].map((k) => [k, seen.get(k)?.size ?? 0]))
      expect(counts).toEqual(Object.fromEntries(expected))
      scenario.report({ test: 'claims-crash', claims: CLAIMS, mails: total, answeredBeforeKill, cut })
    } finally {
      await scenario.close()
    }
  }, 300_000)
})
