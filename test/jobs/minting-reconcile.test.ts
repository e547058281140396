import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mintBatches } from '../../src/db/schema/index.js'
import { dirDigest } from '../../src/modules/minting/pipeline.js'
import { createMerchant } from '../support/factories.js'
import { createTestService, freshDatabase, type TestService, waitFor } from '../support/harness.js'
import { insertPendingWarranties, rpc, warrantiesById } from '../support/mint-fixtures.js'

/** Resolves to the warranties once every one of them is MINTED in a batch other than `notIn`. */
const mintedAgain = (svc: TestService, ids: string[], notIn: string | null) => async () => {
  const rows = await warrantiesById(svc.deps.db, ids)
  return rows.every((r) => r.mintStatus === 'MINTED' && r.mintBatchId !== notIn) ? rows : null
}

/** Every token exists on chain once, held by the custodian, pointing at its batch's directory. */
async function expectOnChainOnce(svc: TestService, ids: string[]): Promise<void> {
  const rows = await warrantiesById(svc.deps.db, ids)
  const tokens = rows.map((r) => r.tokenId!)
  expect(new Set(tokens).size).toBe(rows.length)
  const batchIds = [...new Set(rows.map((r) => r.mintBatchId!))]
  const batches = await svc.deps.db.select().from(mintBatches).where(inArray(mintBatches.id, batchIds))
  for (const row of rows) {
    const batch = batches.find((b) => b.id === row.mintBatchId)!
    expect(batch.status).toBe('CONFIRMED')
    expect(await svc.deps.chain.ownerOf(BigInt(row.tokenId!))).toBe(svc.deps.chain.custodian)
    expect(await svc.deps.chain.tokenURI(BigInt(row.tokenId!))).toBe(
      `ipfs://${batch.metadataDirCid}/${row.tokenId}`,
    )
    const onChain = await svc.deps.chain.findBatch(BigInt(batch.startTokenId))
    expect(onChain?.dirDigest.toLowerCase()).toBe(dirDigest(batch.metadataDirCid))
  }
}

async function serviceOptions() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-reconcile-'))
  const db = await freshDatabase()
  const databaseUrl = db.url
  const drop = db.drop
  return {
    options: { dataDir, fileDatabase: true, mint: true, databaseUrl },
    cleanup: async () => {
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

describe('reconciling confirmed batches with the chain', () => {
  it('a confirmed batch the chain lost (anvil revert) goes back to pending and is minted again exactly once', async () => {
    const { options, cleanup } = await serviceOptions()
    const svc = await createTestService(options)
    try {
      const rpcUrl = svc.deps.chain.node!.rpcUrl
      const merchant = await createMerchant(svc.deps.db)
      const snapshot = await rpc<string>(rpcUrl, 'evm_snapshot')
      const issued = await insertPendingWarranties(svc.deps.db, merchant.id, 5)
      const ids = issued.map((w) => w.id)
      await svc.services.minting.request()
      const first = await waitFor(mintedAgain(svc, ids, null), 30_000)
      const lostBatchId = first[0]!.mintBatchId!
      const start = BigInt(first[0]!.tokenId!)
      const cids = new Map(first.map((w) => [w.id, w.metadataCid]))

      // The chain forgets the batch, as an embedded node restored from an older state would.
      expect(await rpc<boolean>(rpcUrl, 'evm_revert', [snapshot])).toBe(true)
      expect(await svc.deps.chain.nextTokenId()).toBe(start)

      await svc.services.minting.request()
      const again = await waitFor(mintedAgain(svc, ids, lostBatchId), 30_000)
      const [lost] = await svc.deps.db.select().from(mintBatches).where(eq(mintBatches.id, lostBatchId))
      expect(lost).toMatchObject({
        status: 'FAILED',
        error: expect.stringMatching(/^lost: the chain no longer holds/),
      })
      // Minted once more, exactly once: the same token ids are taken again, nothing beyond them.
      expect(again.map((w) => BigInt(w.tokenId!)).sort()).toEqual([0n, 1n, 2n, 3n, 4n].map((i) => start + i))
      expect(await svc.deps.chain.nextTokenId()).toBe(start + 5n)
      // Each keeps the certificate it was first minted with.
      for (const w of again) expect(w.metadataCid).toBe(cids.get(w.id))
      await expectOnChainOnce(svc, ids)
    } finally {
      await svc.close()
      await cleanup()
    }
  }, 90_000)

  it('at start, finds a confirmed batch replaced by another history (a reorg) and mints it again', async () => {
    const { options, cleanup } = await serviceOptions()
    const first = await createTestService(options)
    let ids: string[]
    let replacedStart: bigint
    let lostBatchId: string
    try {
      const rpcUrl = first.deps.chain.node!.rpcUrl
      const merchant = await createMerchant(first.deps.db)
      const snapshot = await rpc<string>(rpcUrl, 'evm_snapshot')
      const issued = await insertPendingWarranties(first.deps.db, merchant.id, 3)
      ids = issued.map((w) => w.id)
      await first.services.minting.request()
      const minted = await waitFor(mintedAgain(first, ids, null), 30_000)
      lostBatchId = minted[0]!.mintBatchId!
      replacedStart = BigInt(minted[0]!.tokenId!)
      // Another history: the same ids taken by a different batch, so the cheap check (a batch
      // past the next token id) cannot see it; only reading the batch back can.
      await rpc(rpcUrl, 'evm_revert', [snapshot])
      const other = await first.deps.chain.sendMintBatch({
        expectedStartId: replacedStart,
        quantity: 4,
        dirDigest: `0x${'ab'.repeat(32)}`,
      })
      expect((await first.deps.chain.waitForMint(other.txHash, 1, 10_000)).status).toBe('success')
      await first.deps.chain.makeDurable()
    } finally {
      await first.close()
    }

    const second = await createTestService(options)
    try {
      // A start, the reconciliation and a mint: ~10 s on a quiet machine, 30 s and more under load.
      const again = await waitFor(mintedAgain(second, ids, lostBatchId), 60_000)
      expect(again.every((w) => BigInt(w.tokenId!) >= replacedStart + 4n)).toBe(true)
      const [lost] = await second.deps.db.select().from(mintBatches).where(eq(mintBatches.id, lostBatchId))
      expect(lost?.status).toBe('FAILED')
      expect(await second.deps.chain.nextTokenId()).toBe(replacedStart + 7n)
      await expectOnChainOnce(second, ids)
    } finally {
      await second.close()
      await cleanup()
    }
  }, 90_000)
})
