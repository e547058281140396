import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailMessages } from '../../src/db/schema/index.js'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { claimIdsOf } from '../support/warranty-factories.js'

let svc: TestService
beforeAll(async () => {
  // No dispatcher: the test delivers by hand, to look at the outbox before and after.
  svc = await createTestService()
})
afterAll(() => svc?.close())

describe('the e-mail outbox', () => {
  it('keeps a queued message sealed, delivers it to the embedded outbox, then keeps no token', async () => {
    const { owner } = await createMerchantWithUsers(svc.deps, 'Sealed Goods')
    const email = uniqueEmail('sealed')
    const issued = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: owner.token,
      payload: { serialNumber: 'SEAL-1', customerEmail: email },
    })
    expect(issued.statusCode).toBe(200)
    const [claimId] = await claimIdsOf(svc.deps.db, issued.json().id)
    expect(claimId).toMatch(/^[\w-]{43}$/)

    const [queued] = await svc.deps.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email))
    expect(queued?.status).toBe('QUEUED')
    expect(JSON.stringify(queued)).not.toContain(claimId)
    expect(queued?.data).toEqual({ sealed: expect.stringMatching(/^v1\./) })

    // Delivered by this run, or by the worker's sweep that found it due first (its direct run
    // when no queue job runs, as here): this run waits for that one's lock, so either way the
    // message is SENT, once, when it returns.
    await svc.services.mailOutbox.dispatch()
    const [sent] = await svc.deps.db.select().from(mailMessages).where(eq(mailMessages.id, queued!.id))
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1, lastError: null })
    expect(JSON.stringify(sent)).not.toContain(claimId)
    expect((sent!.data as { merchantName: string }).merchantName).toBe('Sealed Goods')

    // The embedded default: an .eml file with the working link, for following the flow by hand.
    const dir = join(svc.dataDir, 'outbox')
    const file = readdirSync(dir).find((f) => readFileSync(join(dir, f), 'utf8').includes(`To: ${email}`))
    expect(file).toBeDefined()
    expect(readFileSync(join(dir, file!), 'utf8')).toContain(`http://app.test/claim?claimId=${claimId}`)
  })
})
