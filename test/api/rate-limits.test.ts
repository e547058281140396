import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config/index.js'
import { rateLimits } from '../../src/config/limits.js'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { claimIdsOf, issueWarranty, mailsAbout } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService({
    env: {
      RATE_LIMIT_VERIFY_PER_ADDRESS: '3/1m',
      RATE_LIMIT_RESEND_LINK_PER_EMAIL: '2/1h',
      RATE_LIMIT_RESEND_LINK_PER_MERCHANT: '3/1h',
      RATE_LIMIT_RESEND_LINK_PER_ADDRESS: '4/15m',
    },
  })
})
afterAll(() => svc?.close())

const verify = (remoteAddress: string) =>
  svc.request({ method: 'GET', url: '/v1/global/warranties/WR-0000-0000-0000/verify', remoteAddress })
const resend = (claimId: string, remoteAddress: string) =>
  svc.request({ method: 'POST', url: '/v1/customer/auth/resend-link', payload: { claimId }, remoteAddress })

describe('rate limits (issue 26, defect 11)', () => {
  it('counts an IPv6 client by its /64: rotating addresses within it does not escape the limit', async () => {
    const inside = ['2001:db8:5:6::1', '2001:db8:5:6:a:b:c:d', '2001:0db8:0005:0006:ffff::2']
    for (const address of inside) expect((await verify(address)).statusCode).not.toBe(429)
    const over = await verify('2001:db8:5:6:1234::99')
    expect(over.statusCode).toBe(429)
    expect(over.json()).toMatchObject({ error: 'too_many_requests' })
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    // Another /64, and an IPv4 client, have their own counts.
    expect((await verify('2001:db8:5:7::1')).statusCode).not.toBe(429)
    expect((await verify('192.0.2.10')).statusCode).not.toBe(429)
    // An IPv4-mapped IPv6 address is that IPv4 client.
    for (let i = 0; i < 2; i++) expect((await verify('::ffff:192.0.2.10')).statusCode).not.toBe(429)
    expect((await verify('192.0.2.10')).statusCode).toBe(429)
  })

  it('limits resend-link per customer e-mail, not only per claim id', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps, 'Resend Shop A')
    const email = uniqueEmail('resend')
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const w = await issueWarranty(svc, owner, { customerEmail: email })
      ids.push(...(await claimIdsOf(svc.deps.db, w.id)))
    }
    expect((await resend(ids[0]!, '198.51.100.1')).statusCode).toBe(200)
    expect((await resend(ids[1]!, '198.51.100.2')).statusCode).toBe(200)
    const third = await resend(ids[2]!, '198.51.100.3')
    expect(third.statusCode).toBe(429)
    expect(third.json()).toMatchObject({ error: 'too_many_requests' })
  })

  it('limits resend-link per merchant, across customers and addresses', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps, 'Resend Shop B')
    const warranties = []
    for (let i = 0; i < 4; i++)
      warranties.push(await issueWarranty(svc, owner, { customerEmail: uniqueEmail('m') }))
    const statuses = []
    for (const [i, w] of warranties.entries()) {
      const [id] = await claimIdsOf(svc.deps.db, w.id)
      statuses.push((await resend(id!, `203.0.113.${i + 1}`)).statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    expect(await mailsAbout(svc.deps.db, 'warranty', warranties[3]!.id)).toHaveLength(1)
  })

  it('limits resend-link per client address, whatever the claim ids', async () => {
    const statuses = []
    for (let i = 0; i < 5; i++)
      statuses.push((await resend(`unknown-claim-id-${i}`, '2001:db8:9:9::1')).statusCode)
    expect(statuses).toEqual([200, 200, 200, 200, 429])
  })
})

describe('rate-limit settings', () => {
  it('every limit has a documented default and a setting <count>/<window>', () => {
    const defaults = rateLimits()
    expect(defaults.ocrPerAddress).toEqual({ limit: 30, windowMs: 10 * 60_000 })
    expect(defaults.resendLinkPerClaim).toEqual({ limit: 3, windowMs: 15 * 60_000 })
    expect(rateLimits({ RATE_LIMIT_OCR_PER_ADDRESS: '500/1h' }).ocrPerAddress).toEqual({
      limit: 500,
      windowMs: 3_600_000,
    })
  })

  it('a bad value stops the start with a message naming the setting', () => {
    for (const value of ['30', '0/10m', 'x/1m', '5/10y']) {
      let error: unknown
      try {
        loadConfig({ DATA_DIR: '/tmp/wt-limits-config', RATE_LIMIT_OCR_PER_ADDRESS: value })
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as Error).message).toContain('RATE_LIMIT_OCR_PER_ADDRESS')
    }
  })
})
