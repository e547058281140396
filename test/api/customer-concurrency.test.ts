import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimLinks, users } from '../../src/db/schema/index.js'
import { hashToken } from '../../src/lib/one-time-tokens.js'
import { magicTokensOf, uniqueCustomerEmail } from '../support/customer-factories.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { claimIdsOf, issueWarranty } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

// A thousand at once (real concurrency: a connection pool, row locks).
const CLAIMS = 1000

describe('POST /v1/customer/auth/claim, concurrently', () => {
  it(`gives exactly one JWT for ${CLAIMS} parallel claims of one link; the rest 401 invalid_link`, async () => {
    const { owner } = await createMerchantWithUsers(svc.deps)
    const warranty = await issueWarranty(svc, owner, { customerEmail: uniqueCustomerEmail('race') })
    const [claimId] = await claimIdsOf(svc.deps.db, warranty.id)
    const answers = await Promise.all(
      Array.from({ length: CLAIMS }, () =>
        svc.request({ method: 'POST', url: '/v1/customer/auth/claim', payload: { claimId } }),
      ),
    )
    const byStatus = new Map<number, number>()
    for (const a of answers) byStatus.set(a.statusCode, (byStatus.get(a.statusCode) ?? 0) + 1)
    expect(Object.fromEntries(byStatus)).toEqual({ 200: 1, 401: CLAIMS - 1 })
    const losers = answers.filter((a) => a.statusCode === 401).map((a) => a.json().error)
    expect(new Set(losers)).toEqual(new Set(['invalid_link']))
    const winner = answers.find((a) => a.statusCode === 200)!.json()
    expect(winner.wallet.items.map((w: { id: string }) => w.id)).toEqual([warranty.id])
    const [link] = await svc.deps.db
      .select()
      .from(claimLinks)
      .where(eq(claimLinks.tokenHash, hashToken(claimId!)))
    expect(link?.consumedAt).not.toBeNull()
  }, 120_000)
})

describe('POST /v1/customer/auth/request-access, timing', () => {
  const ask = (email: string, i: number) =>
    svc.request({
      method: 'POST',
      url: '/v1/customer/auth/request-access',
      payload: { email },
      remoteAddress: `10.9.${Math.floor(i / 200)}.${i % 200}`,
    })

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]!
  }

  it('takes the same time for a known and an unknown address (the same statements run for both)', async () => {
    const rounds = 100
    const known = Array.from({ length: rounds }, () => uniqueCustomerEmail('known'))
    for (const [i, email] of known.entries()) await ask(email, 1000 + i) // now known customers
    const times = { known: [] as number[], unknown: [] as number[] }
    for (let i = 0; i < rounds; i++) {
      // Interleaved, so that drift (caches warming, the GC) hits both alike.
      for (const kind of i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
        const email = kind === 'known' ? known[i]! : uniqueCustomerEmail('unknown')
        const started = performance.now()
        const res = await ask(email, 2 * i + (kind === 'known' ? 0 : 1))
        times[kind].push(performance.now() - started)
        expect(res.statusCode).toBe(200)
        expect(res.json()).toEqual({ ok: true })
      }
    }
    // Same work either way: the typical difference within a pair is noise, small against the time itself.
    const differences = times.known.map((k, i) => k - times.unknown[i]!)
    const typical = median([...times.known, ...times.unknown])
    expect(Math.abs(median(differences))).toBeLessThan(0.2 * typical)
    // And both sent a link: the known customers now have two, each new one has one.
    const [first] = await svc.deps.db.select().from(users).where(eq(users.email, known[0]!))
    expect(await magicTokensOf(svc.deps.db, first!.id)).toHaveLength(2)
  }, 120_000)
})
