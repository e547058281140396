import { createHmac } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type MintBatchRow, merchantProducts, mintBatches } from '../../src/db/schema/index.js'
import { canonicalJson } from '../../src/modules/minting/certificate-metadata.js'
import { dirDigest } from '../../src/modules/minting/pipeline.js'
import { createMerchant, createMerchantWithUsers } from '../support/factories.js'
import { createTestService, freshDatabase, type TestService, waitFor } from '../support/harness.js'
import {
  type IssuedWarranty,
  insertPendingWarranties,
  issueWarranties,
  mintRunAttempts,
  rpc,
  setMinterRole,
  startExternalChain,
  warrantiesById,
} from '../support/mint-fixtures.js'

const allMinted = (svc: TestService, ids: string[]) => async () => {
  const rows = await warrantiesById(svc.deps.db, ids)
  return rows.every((r) => r.mintStatus === 'MINTED') ? rows : null
}

/** The bound the acceptance line states: 250 issued warranties all MINTED within this many seconds of the first issue. */
const MINT_BOUND_SECONDS = 60
/** "In batches": 3 full ones at least; the minter starts while issuing goes on, so a few more. */
const MAX_TRANSACTIONS_FOR_250 = 25

/**
 * The metadata file is exactly the documented certificate of this warranty (canonical JSON:
 * sorted keys, no whitespace, so its CID is reproducible), and none of the personal data sent
 * at issue appears in it, in any letter case.
 */
function expectCertificateMetadata(
  text: string,
  issued: IssuedWarranty,
  names: { merchant: string; product: string; serialSalt: string },
): void {
  const { input, response } = issued
  const expiry = response.expiresAt.slice(0, 10)
  const metadata = JSON.parse(text)
  expect(metadata).toEqual({
    name: `Warranty ${response.warrantyCode}`,
    description: `Warranty certificate issued by ${names.merchant} for ${names.product}, valid until ${expiry}.`,
    attributes: [
      { trait_type: 'Merchant', value: names.merchant },
      { trait_type: 'Product', value: names.product },
      { trait_type: 'Warranty code', value: response.warrantyCode },
      { trait_type: 'Purchase date', value: input.purchaseDate.slice(0, 10) },
      { trait_type: 'Expiry date', value: expiry },
      {
        trait_type: 'Serial number hash',
        value: createHmac('sha256', names.serialSalt)
          .update(input.serialNumber.trim().toUpperCase())
          .digest('hex'),
      },
    ],
  })
  expect(text).toBe(canonicalJson(metadata))
  const lower = text.toLowerCase()
  for (const secret of [
    input.customerEmail,
    input.customerName,
    input.customerPhone,
    input.customerPhone.replace(/\s/g, ''),
    String(input.purchasePrice),
    input.invoiceNumber,
    input.serialNumber,
  ]) {
    expect(lower).not.toContain(secret.toLowerCase())
  }
}

describe('minting pipeline', () => {
  let svc: TestService
  beforeAll(async () => {
    svc = await createTestService({
      mint: true,
      env: { MINT_RETRY_DELAY_SECONDS: '1', MINT_BATCH_SIZE: '100' },
    })
  })
  afterAll(() => svc?.close())

  it(`issues 250 warranties through the API and mints them all within ${MINT_BOUND_SECONDS} s, in batches; every tokenURI resolves to that warranty's metadata, with no personal data`, async () => {
    const { merchant, owner } = await createMerchantWithUsers(svc.deps, 'Acme Audio')
    const [product] = await svc.deps.db
      .insert(merchantProducts)
      .values({
        merchantId: merchant.id,
        merchantSku: 'X2',
        title: 'Studio Monitor X2',
        warrantyDurationMonths: 24,
      })
      .returning()
    const firstToken = await svc.deps.chain.nextTokenId()
    const started = Date.now()
    // Through the route, as a shop's till would, 8 requests at a time; nobody asks for a
    // minting run by hand: each issue wakes the minter once it has committed.
    const issued = await issueWarranties(svc, owner.token, 250, {
      merchantProductId: product!.id,
      concurrency: 8,
    })
    const issueSeconds = (Date.now() - started) / 1000
    expect(issued.every((w) => w.response.mint.status === 'PENDING')).toBe(true)
    const byId = new Map(issued.map((w) => [w.response.id, w]))
    const minted = await waitFor(allMinted(svc, [...byId.keys()]), MINT_BOUND_SECONDS * 1000, 100)
    const seconds = (Date.now() - started) / 1000
    minted.sort((a, b) => a.tokenId! - b.tokenId!)
    expect(seconds).toBeLessThan(MINT_BOUND_SECONDS)

    // Batched: at most MINT_BATCH_SIZE (100) per transaction, so at least 3 transactions, and
    // far fewer than one per warranty even though the minter starts while issuing goes on.
    const batches = await svc.deps.db
      .select()
      .from(mintBatches)
      .where(inArray(mintBatches.id, [...new Set(minted.map((w) => w.mintBatchId!))]))
    const batchOf = new Map(batches.map((b) => [b.id, b]))
    expect(batches.every((b) => b.status === 'CONFIRMED')).toBe(true)
    expect(batches.length).toBeGreaterThanOrEqual(3)
    expect(batches.length).toBeLessThanOrEqual(MAX_TRANSACTIONS_FOR_250)
    expect(batches.every((b) => b.quantity <= 100)).toBe(true)
    expect(batches.reduce((sum, b) => sum + b.quantity, 0)).toBe(250)
    expect(new Set(batches.map((b) => b.txHash)).size).toBe(batches.length)

    // Exactly one token each, consecutive, none minted twice.
    const tokenIds = minted.map((w) => w.tokenId!).sort((a, b) => a - b)
    expect(new Set(tokenIds).size).toBe(250)
    expect(tokenIds[0]).toBe(Number(firstToken))
    expect(tokenIds.at(-1)).toBe(Number(firstToken) + 249)
    expect(await svc.deps.chain.nextTokenId()).toBe(firstToken + 250n)

    for (const w of minted) {
      const batch = batchOf.get(w.mintBatchId!)!
      expect(w.txHash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(w.txHash).toBe(batch.txHash)
      expect(w.chainId).toBe(svc.deps.chain.chainId)
      expect(w.contractAddress).toBe(svc.deps.chain.contractAddress)
      expect(w.blockNumber).toBeGreaterThan(0)
      // The warranty does hold the personal data the certificate must leave out.
      const { input } = byId.get(w.id)!
      expect(w).toMatchObject({
        customerEmail: input.customerEmail,
        customerName: input.customerName,
        customerPhone: input.customerPhone,
        invoiceNumber: input.invoiceNumber,
        purchasePrice: input.purchasePrice,
      })
      expect(w.tokenId).toBeGreaterThanOrEqual(batch.startTokenId)
      expect(w.tokenId).toBeLessThan(batch.startTokenId + batch.quantity)
    }

    // Every token: tokenURI on chain → that batch's directory → the file pinned for this
    // warranty, holding its facts and none of its personal data.
    const names = {
      merchant: 'Acme Audio',
      product: 'Studio Monitor X2',
      serialSalt: svc.config.serialHashSalt,
    }
    const served = new Map<string, string>()
    for (const w of minted) {
      const uri = await svc.deps.chain.tokenURI(BigInt(w.tokenId!))
      expect(uri).toBe(`ipfs://${batchOf.get(w.mintBatchId!)!.metadataDirCid}/${w.tokenId}`)
      const file = await svc.deps.pinning.cat(uri.slice('ipfs://'.length))
      expect(file?.cid).toBe(w.metadataCid)
      const text = Buffer.from(file!.bytes).toString('utf8')
      expectCertificateMetadata(text, byId.get(w.id)!, names)
      // The expiry is the product's 24 months from the purchase date given at issue.
      expect(byId.get(w.id)!.response.expiresAt.slice(0, 10)).toBe(
        `2028${byId.get(w.id)!.input.purchaseDate.slice(4, 10)}`,
      )
      served.set(w.id, uri)
    }

    // And through the public gateway, as a wallet or marketplace would read it: a sample
    // spread over all batches, plus the first and last token of each batch.
    const ends = new Set(batches.flatMap((b) => [b.startTokenId, b.startTokenId + b.quantity - 1]))
    const sample = minted.filter((w, i) => i % 10 === 0 || ends.has(w.tokenId!)) // in token order
    expect(sample.length).toBeGreaterThanOrEqual(25 + 2)
    for (const w of sample) {
      const uri = served.get(w.id)!
      const res = await svc.request({ method: 'GET', url: uri.replace('ipfs://', '/ipfs/') })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('application/json')
      expect(res.headers.etag?.replaceAll('"', '')).toBe(w.metadataCid)
      expectCertificateMetadata(res.body, byId.get(w.id)!, names)
    }
    console.info(
      `250 warranties issued in ${issueSeconds.toFixed(1)} s and minted ${seconds.toFixed(1)} s after the first issue, ` +
        `in ${batches.length} transactions of ${batches.map((b) => b.quantity).join(', ')}`,
    )
  }, 120_000)

  it('lets anyone verify a certificate: chain facts, IPFS metadata checked against its CID, no personal data', async () => {
    const merchant = await createMerchant(svc.deps.db, { name: 'Verify Shop' })
    const [w] = await insertPendingWarranties(svc.deps.db, merchant.id, 1)
    const pending = await svc.request({
      method: 'GET',
      url: `/v1/global/warranties/${w!.warrantyCode}/verify`,
    })
    expect(pending.statusCode).toBe(200)
    expect(pending.json()).toMatchObject({
      warrantyCode: w!.warrantyCode,
      certificate: null,
      status: 'ACTIVE',
    })

    await svc.services.minting.request()
    const [minted] = await waitFor(allMinted(svc, [w!.id]), 30_000)
    // Typed sloppily: lower case, no dashes.
    const sloppy = minted!.warrantyCode.toLowerCase().replace(/-/g, '')
    const res = await svc.request({
      method: 'GET',
      url: `/v1/global/warranties/${sloppy}/verify?serialNumber=${encodeURIComponent(` ${minted!.serialNumber.toLowerCase()} `)}`,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      warrantyCode: minted!.warrantyCode,
      status: 'ACTIVE',
      merchantName: 'Verify Shop',
      mintStatus: 'MINTED',
      serialNumberMatches: true,
      certificate: {
        chainId: svc.deps.chain.chainId,
        contractAddress: svc.deps.chain.contractAddress,
        tokenId: String(minted!.tokenId),
        owner: svc.deps.chain.custodian,
        txHash: minted!.txHash,
        metadataCid: minted!.metadataCid,
        metadataHashMatches: true,
      },
    })
    expect(body.certificate.tokenUri).toBe(await svc.deps.chain.tokenURI(BigInt(minted!.tokenId!)))
    expect(body.certificate.metadata.name).toBe(`Warranty ${minted!.warrantyCode}`)
    for (const secret of [
      minted!.customerEmail!,
      minted!.customerName!,
      minted!.customerPhone!,
      minted!.serialNumber,
    ]) {
      expect(res.body).not.toContain(secret)
    }

    const wrongSerial = await svc.request({
      method: 'GET',
      url: `/v1/global/warranties/${minted!.warrantyCode}/verify?serialNumber=NOT-IT`,
    })
    expect(wrongSerial.json().serialNumberMatches).toBe(false)
    // One wrong character: the check symbol catches it, so no other certificate is ever shown.
    const last = minted!.warrantyCode.at(-1) === '0' ? '1' : '0'
    const typo = await svc.request({
      method: 'GET',
      url: `/v1/global/warranties/${minted!.warrantyCode.slice(0, -1)}${last}/verify`,
    })
    expect(typo.statusCode).toBe(404)
    expect(typo.json().error).toBe('not_found')
  }, 60_000)

  it('the chain down before a batch was sent: the run fails and is retried until the node is back, then mints, none twice', async () => {
    const merchant = await createMerchant(svc.deps.db)
    const node = svc.deps.chain.node!
    const before = await svc.deps.chain.nextTokenId()
    const attemptsBefore = await mintRunAttempts(svc.deps.db)
    await node.stop()
    try {
      const issued = await insertPendingWarranties(svc.deps.db, merchant.id, 5)
      await svc.services.minting.request()
      await new Promise((r) => setTimeout(r, 2500))
      // The run failed, and pg-boss has started it again (backoff from MINT_RETRY_DELAY_SECONDS = 1).
      const attempts = await waitFor(
        async () => {
          const now = await mintRunAttempts(svc.deps.db)
          return now.retried > attemptsBefore.retried ? now : null
        },
        10_000,
        100,
      )
      expect(attempts.failed).toBeGreaterThan(attemptsBefore.failed)
      const waiting = await warrantiesById(
        svc.deps.db,
        issued.map((w) => w.id),
      )
      expect(waiting.every((w) => w.mintStatus !== 'MINTED' && w.mintStatus !== 'FAILED')).toBe(true)
      await node.start()
      const minted = await waitFor(
        allMinted(
          svc,
          issued.map((w) => w.id),
        ),
        60_000,
        200,
      )
      const ids = minted.map((w) => w.tokenId!).sort((a, b) => a - b)
      expect(ids).toEqual([0, 1, 2, 3, 4].map((i) => Number(before) + i))
      expect(await svc.deps.chain.nextTokenId()).toBe(before + 5n)
    } finally {
      if (!node.running) await node.start()
    }
  }, 90_000)

  it('marks a reverting batch FAILED with the error, and retry-mint then mints it', async () => {
    const { merchant, user } = await createMerchantWithUsers(svc.deps)
    await setMinterRole(svc.deps.chain, false)
    let issued: Awaited<ReturnType<typeof insertPendingWarranties>> = []
    try {
      issued = await insertPendingWarranties(svc.deps.db, merchant.id, 2)
      await svc.services.minting.request()
      const failed = await waitFor(async () => {
        const rows = await warrantiesById(
          svc.deps.db,
          issued.map((w) => w.id),
        )
        return rows.every((r) => r.mintStatus === 'FAILED') ? rows : null
      }, 30_000)
      for (const w of failed) expect(w.mintError).toMatch(/AccessControlUnauthorizedAccount/)
    } finally {
      await setMinterRole(svc.deps.chain, true)
    }
    for (const w of issued) {
      const res = await svc.request({
        method: 'POST',
        url: `/v1/merchant/warranties/${w.id}/retry-mint`,
        token: user.token,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().mint).toMatchObject({ status: 'PENDING', error: null })
    }
    // Once minted, retrying is refused.
    const minted = await waitFor(
      allMinted(
        svc,
        issued.map((w) => w.id),
      ),
      30_000,
    )
    expect(minted.every((w) => w.mintError === null && w.tokenId !== null)).toBe(true)
    const again = await svc.request({
      method: 'POST',
      url: `/v1/merchant/warranties/${issued[0]!.id}/retry-mint`,
      token: user.token,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toBe('invalid_state')
    // The API shows where the certificate is.
    const shown = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${issued[0]!.id}`,
      token: user.token,
    })
    const row = minted.find((w) => w.id === issued[0]!.id)!
    expect(shown.json().mint).toEqual({
      status: 'MINTED',
      attempts: 2,
      tokenId: String(row.tokenId),
      txHash: row.txHash,
      chainId: svc.deps.chain.chainId,
      contractAddress: svc.deps.chain.contractAddress,
      metadataCid: row.metadataCid,
      error: null,
    })
  }, 60_000)
})

describe('a crash after a batch was sent but before it was recorded', () => {
  it('is reconciled from the chain after a restart: each warranty has exactly one token', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wt-mint-crash-'))
    const db = await freshDatabase()
    const databaseUrl = db.url
    const dropDb = db.drop
    const options = { dataDir, fileDatabase: true, databaseUrl }
    try {
      // First life: workers do not mint, the test drives the pipeline up to the crash point.
      const first = await createTestService(options)
      const merchant = await createMerchant(first.deps.db)
      const issued = await insertPendingWarranties(first.deps.db, merchant.id, 3)
      const batch = await first.services.minting.prepareBatch()
      expect(batch).not.toBeNull()
      const sent = await first.deps.chain.sendMintBatch({
        expectedStartId: BigInt(batch!.startTokenId),
        quantity: batch!.quantity,
        dirDigest: dirDigest(batch!.metadataDirCid),
      })
      const outcome = await first.deps.chain.waitForMint(sent.txHash, 1, 10_000)
      expect(outcome.status).toBe('success')
      // … and the process dies before writing the transaction down.
      await first.close()

      const second = await createTestService({ ...options, mint: true })
      try {
        const minted = await waitFor(
          allMinted(
            second,
            issued.map((w) => w.id),
          ),
          30_000,
        )
        const ids = minted.map((w) => w.tokenId!).sort((a, b) => a - b)
        expect(ids).toEqual([0, 1, 2].map((i) => batch!.startTokenId + i))
        expect(minted.every((w) => w.txHash === sent.txHash)).toBe(true)
        // Nothing was minted a second time.
        expect(await second.deps.chain.nextTokenId()).toBe(BigInt(batch!.startTokenId + 3))
        const [recorded] = await second.deps.db
          .select()
          .from(mintBatches)
          .where(eq(mintBatches.id, batch!.id))
        expect(recorded?.status).toBe('CONFIRMED')
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
      await dropDb()
    }
  }, 90_000)
})

/** The batch row of the first of `ids` to be put in a batch, once it is in `status` (with a tx hash when SENT). */
const batchOfWarranties = (svc: TestService, ids: string[], status: MintBatchRow['status']) => async () => {
  const rows = await warrantiesById(svc.deps.db, ids)
  const batchIds = rows.flatMap((r) => (r.mintBatchId ? [r.mintBatchId] : []))
  if (batchIds.length === 0) return null
  const [batch] = await svc.deps.db
    .select()
    .from(mintBatches)
    .where(and(inArray(mintBatches.id, batchIds), eq(mintBatches.status, status)))
  return batch && (status !== 'SENT' || batch.txHash) ? batch : null
}

type Receipt = { status: string; blockNumber: string } | null

describe('pipelined batches, on a chain node of its own with interval mining', () => {
  it('prepares and pins the next batch while the previous one waits for its block (pipelined); every warranty minted once', async () => {
    const chain = await startExternalChain({ blockTimeSeconds: 1 })
    let svc: TestService | undefined
    try {
      svc = await createTestService({ mint: true, env: { ...chain.env, MINT_BATCH_SIZE: '50' } })
      const merchant = await createMerchant(svc.deps.db, { name: 'Pipeline Shop' })
      const before = await svc.deps.chain.nextTokenId()
      // Blocks held: the first batch sent stays pending until mining resumes.
      await rpc(chain.directUrl, 'evm_setIntervalMining', [0])
      const ids = (await insertPendingWarranties(svc.deps.db, merchant.id, 120)).map((w) => w.id)
      await svc.services.minting.request()
      const db = svc.deps.db
      const [sent, next] = await waitFor(
        async () => {
          const batches = await db.select().from(mintBatches).orderBy(mintBatches.startTokenId)
          const first = batches.find((b) => b.status === 'SENT' && b.txHash)
          const second = batches.find((b) => b.status === 'PREPARED')
          return first && second ? ([first, second] as const) : null
        },
        20_000,
        20,
      )
      // The next batch is pinned and recorded while the one before is not even mined, and it
      // starts where that one ends.
      expect(await rpc(chain.directUrl, 'eth_getTransactionReceipt', [sent.txHash])).toBeNull()
      expect(next.startTokenId).toBe(sent.startTokenId + sent.quantity)
      expect(sent.quantity).toBe(50)

      await rpc(chain.directUrl, 'evm_setIntervalMining', [1])
      const minted = await waitFor(allMinted(svc, ids), 60_000, 100)
      const tokenIds = minted.map((w) => w.tokenId!).sort((a, b) => a - b)
      expect(tokenIds).toEqual(Array.from({ length: 120 }, (_, i) => Number(before) + i))
      expect(await svc.deps.chain.nextTokenId()).toBe(before + 120n)
      const batches = await db.select().from(mintBatches).orderBy(mintBatches.startTokenId)
      expect(batches.map((b) => [b.status, b.quantity])).toEqual([
        ['CONFIRMED', 50],
        ['CONFIRMED', 50],
        ['CONFIRMED', 20],
      ])
    } finally {
      await svc?.close()
      await chain.close()
    }
  }, 120_000)
  // The reliability harness (database-outage on PostgreSQL, 2 runs in 3) found the next batch's
  // preparation failing (its connection cut) while the batch before was still settling: the
  // rejection, not yet awaited, ended the process. The fix marks it handled at once: this test
  // counts unhandled rejections during the run (none), then shows the path after such a
  // failure: nothing lost, every warranty minted once.
  it('a next batch whose preparation fails while the one before settles: that run fails, then every warranty is minted once', async () => {
    const chain = await startExternalChain({ blockTimeSeconds: 1 })
    let svc: TestService | undefined
    try {
      svc = await createTestService({ mint: true, env: { ...chain.env, MINT_BATCH_SIZE: '50' } })
      const merchant = await createMerchant(svc.deps.db, { name: 'Pipeline Fault Shop' })
      const before = await svc.deps.chain.nextTokenId()
      const minting = svc.services.minting
      const own = minting.prepareBatch.bind(minting)
      let failures = 0
      // Replaced by hand, not with vi.spyOn: the spy attaches its own handler to every promise
      // it returns (to record how it settled), which would hide an unhandled rejection.
      minting.prepareBatch = async (after) => {
        if (after && failures === 0) {
          failures += 1
          throw new Error('connection terminated (test)')
        }
        return own(after)
      }
      // Any rejection left unhandled while the batch before settles (what ended the process).
      const unhandled: unknown[] = []
      const onUnhandled = (reason: unknown) => unhandled.push(reason)
      process.on('unhandledRejection', onUnhandled)
      onTestFinished(() => void process.off('unhandledRejection', onUnhandled))
      // Blocks held: the first batch stays unsettled while its successor's preparation fails.
      await rpc(chain.directUrl, 'evm_setIntervalMining', [0])
      const ids = (await insertPendingWarranties(svc.deps.db, merchant.id, 120)).map((w) => w.id)
      await minting.request()
      await waitFor(async () => (failures > 0 ? true : null), 20_000, 20)
      await new Promise((resolve) => setTimeout(resolve, 500))
      await rpc(chain.directUrl, 'evm_setIntervalMining', [1])
      const minted = await waitFor(allMinted(svc, ids), 60_000, 100)
      Reflect.deleteProperty(minting, 'prepareBatch')
      expect(unhandled).toEqual([])
      const tokenIds = minted.map((w) => w.tokenId!).sort((a, b) => a - b)
      expect(tokenIds).toEqual(Array.from({ length: 120 }, (_, i) => Number(before) + i))
      expect(await svc.deps.chain.nextTokenId()).toBe(before + 120n)
    } finally {
      await svc?.close()
      await chain.close()
    }
  }, 120_000)
})

describe('on a chain node of its own, with interval mining (transactions stay pending until the next block)', () => {
  it('the RPC cut after a batch was sent: while it is cut the transaction lands but nothing is recorded and nothing fails; once it is back that transaction is recorded, nothing re-sent, none minted twice', async () => {
    const chain = await startExternalChain({ blockTimeSeconds: 1 })
    let svc: TestService | undefined
    try {
      svc = await createTestService({ mint: true, env: chain.env })
      const { owner } = await createMerchantWithUsers(svc.deps)
      const before = await svc.deps.chain.nextTokenId()
      const signer = svc.deps.chain.custodian
      const noncesBefore = Number(
        await rpc<string>(chain.directUrl, 'eth_getTransactionCount', [signer, 'latest']),
      )
      // Blocks held for a moment, so that the batch is still pending when the RPC is cut.
      await rpc(chain.directUrl, 'evm_setIntervalMining', [0])
      const issued = await issueWarranties(svc, owner.token, 4, { concurrency: 4 })
      const ids = issued.map((w) => w.response.id)
      const sent = await waitFor(batchOfWarranties(svc, ids, 'SENT'), 20_000, 10)
      const txHash = sent.txHash as `0x${string}`

      chain.proxy.cut()
      const cutAt = new Date()
      // Behind the cut, the node mines the transaction the service sent.
      await rpc(chain.directUrl, 'evm_setIntervalMining', [1])
      const landed = await waitFor(
        () => rpc<Receipt>(chain.directUrl, 'eth_getTransactionReceipt', [txHash]),
        10_000,
      )
      expect(landed?.status).toBe('0x1')
      // The service cannot see it: a few seconds later, nothing is recorded and nothing failed.
      await new Promise((r) => setTimeout(r, 3000))
      const waiting = await warrantiesById(svc.deps.db, ids)
      expect(waiting.every((w) => w.mintStatus === 'MINTING' || w.mintStatus === 'PENDING')).toBe(true)
      expect(waiting.every((w) => w.mintError === null && w.txHash === null)).toBe(true)
      const [unrecorded] = await svc.deps.db.select().from(mintBatches).where(eq(mintBatches.id, sent.id))
      expect(unrecorded?.status).toBe('SENT')
      const duringCut = await mintRunAttempts(svc.deps.db)

      chain.proxy.restore()
      const restoredAt = new Date()
      const minted = await waitFor(allMinted(svc, ids), 60_000, 100)

      // Exactly one token each, all from the batches that landed; the chain moved by exactly 4.
      const tokenIds = minted.map((w) => w.tokenId!).sort((a, b) => a - b)
      expect(tokenIds).toEqual([0, 1, 2, 3].map((i) => Number(before) + i))
      expect(await svc.deps.chain.nextTokenId()).toBe(before + 4n)
      const batches = await svc.deps.db
        .select()
        .from(mintBatches)
        .where(inArray(mintBatches.id, [...new Set(minted.map((w) => w.mintBatchId!))]))
      expect(batches.every((b) => b.status === 'CONFIRMED')).toBe(true)
      expect(batches.reduce((sum, b) => sum + b.quantity, 0)).toBe(4)
      // One transaction per batch: nothing was sent again.
      const noncesAfter = Number(
        await rpc<string>(chain.directUrl, 'eth_getTransactionCount', [signer, 'latest']),
      )
      expect(noncesAfter - noncesBefore).toBe(batches.length)
      // The batch sent before the cut is recorded with the transaction that landed behind it,
      // settled only after the RPC came back although it was mined during the cut: the pipeline
      // kept trying through the outage. (Which way depends on the instant of the cut: usually the
      // run's receipt wait polls on through it; when the cut kills a request of that wait, the
      // run fails and pg-boss runs it again, which settles the batch from the chain.)
      const settled = batches.find((b) => b.id === sent.id)!
      expect(settled.txHash).toBe(txHash)
      expect(settled.blockNumber).toBe(Number(BigInt(landed!.blockNumber)))
      expect(settled.confirmedAt!.getTime()).toBeGreaterThanOrEqual(restoredAt.getTime())
      expect(minted.every((w) => w.mintedAt!.getTime() >= restoredAt.getTime())).toBe(true)
      for (const w of minted) {
        const batch = batches.find((b) => b.id === w.mintBatchId)!
        expect(w.txHash).toBe(batch.txHash)
        const receipt = await rpc<Receipt>(chain.directUrl, 'eth_getTransactionReceipt', [w.txHash])
        expect(receipt?.status).toBe('0x1')
        expect(await svc.deps.chain.findBatch(BigInt(batch.startTokenId))).toMatchObject({
          quantity: batch.quantity,
          dirDigest: dirDigest(batch.metadataDirCid),
          txHash: batch.txHash,
        })
      }
      const attempts = await mintRunAttempts(svc.deps.db)
      console.info(
        `RPC cut ${((restoredAt.getTime() - cutAt.getTime()) / 1000).toFixed(1)} s; ` +
          (attempts.failed === 0
            ? 'the run waited through it for the receipt'
            : `${attempts.failed} run(s) failed (${duringCut.failed} during the cut) and pg-boss started ${attempts.retried} again`) +
          `; recorded ${((settled.confirmedAt!.getTime() - restoredAt.getTime()) / 1000).toFixed(1)} s after the restore`,
      )
    } finally {
      await svc?.close()
      await chain.close()
    }
  }, 90_000)
})

describe('a crash after a batch was sent while its transaction is still pending', () => {
  it('is settled after a restart: the batch is sent again, the copy reverts, each warranty has exactly one token', async () => {
    const chain = await startExternalChain({ blockTimeSeconds: 1 })
    const dataDir = mkdtempSync(join(tmpdir(), 'wt-mint-pending-'))
    const db = await freshDatabase()
    const databaseUrl = db.url
    const dropDb = db.drop
    const options = {
      dataDir,
      fileDatabase: true,
      env: chain.env,
      databaseUrl,
    }
    const receipt = (hash: string) => rpc<Receipt>(chain.directUrl, 'eth_getTransactionReceipt', [hash])
    try {
      // First life: workers do not mint, the test drives the pipeline up to the crash point.
      const first = await createTestService(options)
      const { owner } = await createMerchantWithUsers(first.deps)
      const issued = await issueWarranties(first, owner.token, 3)
      const ids = issued.map((w) => w.response.id)
      const start = await first.deps.chain.nextTokenId()
      // No block until the second life is up: the transaction is pending across the restart.
      await rpc(chain.directUrl, 'evm_setIntervalMining', [0])
      const batch = await first.services.minting.prepareBatch()
      expect(batch).toMatchObject({ status: 'PREPARED', startTokenId: Number(start), quantity: 3 })
      const sent = await first.deps.chain.sendMintBatch({
        expectedStartId: BigInt(batch!.startTokenId),
        quantity: batch!.quantity,
        dirDigest: dirDigest(batch!.metadataDirCid),
      })
      // … and the process goes away at once: no receipt awaited, nothing written down.
      await first.close()
      expect(await receipt(sent.txHash)).toBeNull()
      const pending = await rpc<{ blockNumber: string | null }>(chain.directUrl, 'eth_getTransactionByHash', [
        sent.txHash,
      ])
      expect(pending.blockNumber).toBeNull()

      const second = await createTestService({ ...options, mint: true })
      try {
        // The batch is unrecorded and its ids still free on chain: the new life sends it again
        // (safe: both copies name the same start id, only one can mint).
        const resent = await waitFor(batchOfWarranties(second, ids, 'SENT'), 20_000, 20)
        expect(resent.id).toBe(batch!.id)
        expect(resent.txHash).not.toBe(sent.txHash)
        expect(await receipt(sent.txHash)).toBeNull()
        await rpc(chain.directUrl, 'evm_setIntervalMining', [1])

        const minted = await waitFor(allMinted(second, ids), 30_000, 100)
        // The original landed and minted; its copy reverted (StartIdMismatch) and minted nothing.
        expect((await receipt(sent.txHash))?.status).toBe('0x1')
        expect((await receipt(resent.txHash!))?.status).toBe('0x0')
        const tokenIds = minted.map((w) => w.tokenId!).sort((a, b) => a - b)
        expect(tokenIds).toEqual([0, 1, 2].map((i) => Number(start) + i))
        expect(await second.deps.chain.nextTokenId()).toBe(start + 3n)
        expect(minted.every((w) => w.mintBatchId === batch!.id && w.txHash === sent.txHash)).toBe(true)
        const [recorded] = await second.deps.db
          .select()
          .from(mintBatches)
          .where(eq(mintBatches.id, batch!.id))
        expect(recorded).toMatchObject({ status: 'CONFIRMED', txHash: sent.txHash })
        expect(await second.deps.chain.findBatch(start)).toMatchObject({
          quantity: 3,
          dirDigest: dirDigest(batch!.metadataDirCid),
          txHash: sent.txHash,
        })
        // One batch of tokens for these warranties, and no other batch recorded on this contract.
        const all = await second.deps.db
          .select()
          .from(mintBatches)
          .where(eq(mintBatches.contractAddress, second.deps.chain.contractAddress))
        expect(all.map((b) => b.id)).toEqual([batch!.id])
        for (const w of minted) {
          expect(await second.deps.chain.tokenURI(BigInt(w.tokenId!))).toBe(
            `ipfs://${batch!.metadataDirCid}/${w.tokenId}`,
          )
        }
      } finally {
        await second.close()
      }
    } finally {
      await chain.close()
      rmSync(dataDir, { recursive: true, force: true })
      await dropDb()
    }
  }, 90_000)
})
