import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import { keccak256 } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyProof } from '../../src/modules/service-history/index.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { issueWarranty } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService({ mint: true, env: { OWNERSHIP_SWEEP_SECONDS: '3600' } })
})
afterAll(() => svc?.close())

type Tenant = Awaited<ReturnType<typeof createMerchantWithUsers>>
const DAY = 86_400_000

const record = (tenant: Tenant, id: string, payload: object, as: 'owner' | 'user' = 'user') =>
  svc.request({
    method: 'POST',
    url: `/v1/merchant/warranties/${id}/events`,
    token: tenant[as].token,
    payload,
  })
const verify = (code: string, query = '') =>
  svc.request({ method: 'GET', url: `/v1/global/warranties/${code}/verify${query}` })

async function minted(tenant: Tenant, customerEmail: string) {
  const w = await issueWarranty(svc, tenant.owner, { customerEmail, customerName: 'Jane Private' })
  await waitFor(async () => (await verify(w.warrantyCode)).json().mintStatus === 'MINTED', 30_000)
  return w
}

describe('Service history', () => {
  it('records every kind, anchors them with proofs that check against the chain, and verification shows them', async () => {
    const tenant = await createMerchantWithUsers(svc.deps, 'Repair Shop')
    const email = 'jane.private@example.com'
    const w = await minted(tenant, email)
    const later = new Date(Date.now() + 800 * DAY).toISOString()
    const latest = new Date(Date.now() + 900 * DAY).toISOString()
    const steps = [
      { kind: 'CLAIM_OPENED', description: 'Screen flickers' },
      { kind: 'REPAIRED', description: 'Display cable replaced' },
      { kind: 'REPLACED', description: 'Unit swapped', serialNumber: 'NEW-SERIAL-1', expiresAt: later },
      { kind: 'EXTENDED', description: 'Goodwill extension', expiresAt: latest },
    ]
    for (const step of steps) {
      const as = step.kind === 'EXTENDED' || step.kind === 'REPLACED' ? 'owner' : 'user'
      expect((await record(tenant, w.id, step, as)).statusCode).toBe(201)
    }
    const merchantView = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${w.id}`,
      token: tenant.user.token,
    })
    expect(merchantView.json()).toMatchObject({ expiresAt: latest, serialNumber: 'NEW-SERIAL-1' })

    const before = (await verify(w.warrantyCode, '?serialNumber=new-serial-1')).json()
    expect(before).toMatchObject({
      validToday: true,
      holder: 'custodial',
      serialNumberMatches: true,
      expiresAt: latest,
    })
    expect(before.history.map((e: { kind: string }) => e.kind)).toEqual(steps.map((s) => s.kind))

    const voiding = { kind: 'VOIDED', description: 'Tampering found' }
    expect((await record(tenant, w.id, voiding)).statusCode).toBe(403)
    expect((await record(tenant, w.id, voiding, 'owner')).statusCode).toBe(201)
    const void2 = await record(tenant, w.id, { kind: 'REPAIRED', description: 'too late' })
    expect(void2.statusCode).toBe(409)

    await svc.services.serviceHistory.runOnce()
    const after = (await verify(w.warrantyCode)).json()
    expect(after.validToday).toBe(false)
    expect(after.history).toHaveLength(5)
    for (const event of after.history) {
      const { proof } = event
      expect(proof).not.toBeNull()
      expect(verifyProof(proof.leaf, proof.proof, proof.root)).toBe(true)
      expect(await svc.deps.chain.ownership.anchorRoot(BigInt(proof.seq))).toBe(proof.root)
      const file = await svc.deps.pinning.cat(proof.cid)
      if (!file) throw new Error('event file not pinned')
      expect(CID.create(1, raw.code, await sha256.digest(file.bytes)).toString()).toBe(proof.cid)
      expect(keccak256(file.bytes)).toBe(proof.leaf)
      const text = new TextDecoder().decode(file.bytes)
      expect(JSON.parse(text)).toMatchObject({
        kind: event.kind,
        warrantyCode: w.warrantyCode,
        description: event.description,
      })
      for (const personal of [email, 'Jane', 'Private', 'NEW-SERIAL-1'])
        expect(text.toLowerCase()).not.toContain(personal.toLowerCase())
    }
  })

  it('keeps tenants apart: a merchant records and reads events only on its own warranties', async () => {
    const a = await createMerchantWithUsers(svc.deps, 'Shop A')
    const b = await createMerchantWithUsers(svc.deps, 'Shop B')
    const w = await issueWarranty(svc, a.owner, {})
    const res = await record(b, w.id, { kind: 'REPAIRED', description: 'not ours' })
    expect(res.statusCode).toBe(404)
    const read = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${w.id}/events`,
      token: b.user.token,
    })
    expect(read.statusCode).toBe(404)
    expect((await record(a, w.id, { kind: 'REPAIRED', description: 'ours' })).statusCode).toBe(201)
  })

  it('refuses personal data in the description and an extension that does not extend', async () => {
    const a = await createMerchantWithUsers(svc.deps, 'Shop C')
    const w = await issueWarranty(svc, a.owner, {})
    const mail = await record(a, w.id, { kind: 'CLAIM_OPENED', description: 'call jane@example.com' })
    expect(mail.statusCode).toBe(400)
    const phone = await record(a, w.id, { kind: 'CLAIM_OPENED', description: 'call +44 20 7946 0958' })
    expect(phone.statusCode).toBe(400)
    const shorter = await record(
      a,
      w.id,
      { kind: 'EXTENDED', description: 'less', expiresAt: new Date().toISOString() },
      'owner',
    )
    expect(shorter.statusCode).toBe(400)
    // Dates are not phone numbers.
    const dated = await record(a, w.id, {
      kind: 'REPAIRED',
      description: 'Bench test 2026-11-24, parts ordered 24/11/2026, fitted 25.11.26',
    })
    expect(dated.statusCode).toBe(201)
    const noSerial = await record(a, w.id, { kind: 'REPLACED', description: 'swap' }, 'owner')
    expect(noSerial.statusCode).toBe(400)
  })
  it('lets only an owner or an admin change coverage: void, extend, replace, or move the expiry; a user records claims and repairs', async () => {
    const a = await createMerchantWithUsers(svc.deps, 'Shop D')
    const w = await issueWarranty(svc, a.owner, {})
    const later = new Date(Date.now() + 800 * DAY).toISOString()
    const past = new Date(Date.now() - 10 * DAY).toISOString()
    const extend = { kind: 'EXTENDED', description: 'goodwill', expiresAt: later }
    const userExtend = await record(a, w.id, extend)
    expect(userExtend.statusCode).toBe(403)
    expect(userExtend.json()).toMatchObject({ error: 'forbidden' })
    expect((await record(a, w.id, { kind: 'VOIDED', description: 'void' })).statusCode).toBe(403)
    // Issue 26, defect 4: a replacement carrying an expiry moved any warranty's coverage.
    for (const expiresAt of ['2099-01-01T00:00:00.000Z', past]) {
      const replace = {
        kind: 'REPLACED',
        description: 'swap',
        serialNumber: `${w.serialNumber}-R`,
        expiresAt,
      }
      const moved = await record(a, w.id, replace)
      expect(moved.statusCode).toBe(403)
      expect(moved.json()).toMatchObject({ error: 'forbidden' })
    }
    const plainReplace = { kind: 'REPLACED', description: 'swap', serialNumber: `${w.serialNumber}-R` }
    expect((await record(a, w.id, plainReplace)).statusCode).toBe(403)
    // A claim or a repair cannot carry a new expiry or serial (400 before anything is written).
    const sneaky = await record(a, w.id, { kind: 'REPAIRED', description: 'x', expiresAt: later })
    expect([400, 403]).toContain(sneaky.statusCode)
    const view = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${w.id}`,
      token: a.user.token,
    })
    expect(view.json()).toMatchObject({ expiresAt: w.expiresAt, serialNumber: w.serialNumber })
    const events = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${w.id}/events`,
      token: a.user.token,
    })
    expect(events.json().events).toEqual([])
    expect((await record(a, w.id, { kind: 'CLAIM_OPENED', description: 'noise' })).statusCode).toBe(201)
    expect((await record(a, w.id, { kind: 'REPAIRED', description: 'fixed' })).statusCode).toBe(201)
    expect((await record(a, w.id, plainReplace, 'owner')).statusCode).toBe(201)
    expect((await record(a, w.id, extend, 'owner')).statusCode).toBe(201)
  })

  it('refuses a replacement serial that another active warranty of the same product covers', async () => {
    const a = await createMerchantWithUsers(svc.deps, 'Shop E')
    const taken = await issueWarranty(svc, a.owner, {})
    const w = await issueWarranty(svc, a.owner, {})
    const clash = await record(
      a,
      w.id,
      { kind: 'REPLACED', description: 'swap', serialNumber: taken.serialNumber.toLowerCase() },
      'owner',
    )
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toMatchObject({ error: 'conflict' })
    const events = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${w.id}/events`,
      token: a.user.token,
    })
    expect(events.json().events).toEqual([])
    // Its own serial again (a like-for-like swap) and a free serial are fine.
    const same = { kind: 'REPLACED', description: 'swap', serialNumber: w.serialNumber }
    expect((await record(a, w.id, same, 'owner')).statusCode).toBe(201)
    const free = { kind: 'REPLACED', description: 'swap', serialNumber: `${w.serialNumber}-R` }
    expect((await record(a, w.id, free, 'owner')).statusCode).toBe(201)
  })
})
