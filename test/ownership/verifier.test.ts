import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { rpcUrlOf } from '../support/ownership-fixtures.js'
import { issueWarranty } from '../support/warranty-factories.js'

const run = promisify(execFile)
let svc: TestService
let gateway: string

beforeAll(async () => {
  svc = await createTestService({ mint: true, env: { OWNERSHIP_SWEEP_SECONDS: '3600' } })
  gateway = await svc.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => svc?.close())

/** Runs the outside verifier with only the RPC URL, the gateway and the contract addresses. */
async function verifier(target: string) {
  const args = [
    'tsx',
    'scripts/verify-certificate.ts',
    '--rpc',
    rpcUrlOf(svc),
    '--gateway',
    gateway,
    '--contract',
    svc.deps.chain.contractAddress,
    '--anchor',
    svc.deps.chain.ownership.anchorAddress ?? '',
    target,
  ]
  const { stdout } = await run('npx', args, { timeout: 120_000 })
  return JSON.parse(stdout)
}

describe('scripts/verify-certificate.ts (outside verifier: JSON-RPC + IPFS gateway only)', () => {
  it('prints the holder, the metadata checked against its CID and the history checked against the anchored roots', async () => {
    const tenant = await createMerchantWithUsers(svc.deps, 'Verifier Shop')
    const w = await issueWarranty(svc, tenant.owner, { customerEmail: 'someone@example.com' })
    const other = await issueWarranty(svc, tenant.owner, {})
    const verify = (code: string) =>
      svc.request({ method: 'GET', url: `/v1/global/warranties/${code}/verify` })
    const tokenOf = (code: string) =>
      waitFor(async () => (await verify(code)).json().certificate?.tokenId as string | undefined, 30_000)
    const [tokenId, otherToken] = [await tokenOf(w.warrantyCode), await tokenOf(other.warrantyCode)]
    for (const payload of [
      { kind: 'CLAIM_OPENED', description: 'Battery does not charge' },
      { kind: 'REPAIRED', description: 'Battery replaced' },
    ]) {
      const res = await svc.request({
        method: 'POST',
        url: `/v1/merchant/warranties/${w.id}/events`,
        token: tenant.user.token,
        payload,
      })
      expect(res.statusCode).toBe(201)
    }
    await svc.services.serviceHistory.runOnce()

    const report = await verifier(w.warrantyCode.toLowerCase())
    expect(report).toMatchObject({
      tokenId,
      warrantyCode: w.warrantyCode,
      holder: 'custodial',
      metadata: { verified: true, json: { name: `Warranty ${w.warrantyCode}` } },
      ok: true,
    })
    expect(report.history.map((e: { kind: string; verified: boolean }) => [e.kind, e.verified])).toEqual([
      ['CLAIM_OPENED', true],
      ['REPAIRED', true],
    ])
    expect(JSON.stringify(report)).not.toContain('someone@example.com')
    const api = (await verify(w.warrantyCode)).json()
    expect(report.metadata.cid).toBe(api.certificate.metadataCid)

    const byToken = await verifier(otherToken)
    expect(byToken).toMatchObject({
      tokenId: otherToken,
      warrantyCode: other.warrantyCode,
      history: [],
      ok: true,
    })
  })
})
