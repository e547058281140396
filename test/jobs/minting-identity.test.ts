import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchants } from '../../src/db/schema/index.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { insertPendingWarranties, setMinterRole, warrantiesById } from '../support/mint-fixtures.js'

describe('a certificate keeps its identity across mint attempts', () => {
  let svc: TestService
  beforeAll(async () => {
    svc = await createTestService({ mint: true, env: { MINT_RETRY_DELAY_SECONDS: '1' } })
  })
  afterAll(() => svc?.close())

  it('re-mints a failed warranty with the metadata (CID) it was first batched with, even after a rename', async () => {
    const { merchant, owner } = await createMerchantWithUsers(svc.deps, 'Original Name Ltd')
    await setMinterRole(svc.deps.chain, false)
    let id: string
    let firstCid: string | null
    try {
      const [w] = await insertPendingWarranties(svc.deps.db, merchant.id, 1)
      id = w!.id
      await svc.services.minting.request()
      const [failed] = await waitFor(async () => {
        const rows = await warrantiesById(svc.deps.db, [id])
        return rows[0]?.mintStatus === 'FAILED' ? rows : null
      }, 30_000)
      firstCid = failed!.metadataCid
      expect(firstCid).toMatch(/^bafk/)
    } finally {
      await setMinterRole(svc.deps.chain, true)
    }
    await svc.deps.db.update(merchants).set({ name: 'Renamed Ltd' }).where(eq(merchants.id, merchant.id))
    const retried = await svc.request({
      method: 'POST',
      url: `/v1/merchant/warranties/${id}/retry-mint`,
      token: owner.token,
    })
    expect(retried.statusCode).toBe(200)
    const [minted] = await waitFor(async () => {
      const rows = await warrantiesById(svc.deps.db, [id])
      return rows[0]?.mintStatus === 'MINTED' ? rows : null
    }, 30_000)
    expect(minted!.metadataCid).toBe(firstCid)
    const uri = await svc.deps.chain.tokenURI(BigInt(minted!.tokenId!))
    const file = await svc.deps.pinning.cat(uri)
    expect(file?.cid).toBe(firstCid)
    expect(new TextDecoder().decode(file!.bytes)).toContain('Original Name Ltd')
  }, 60_000)
})
