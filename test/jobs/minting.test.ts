import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { merchantProducts, mintBatches } from '../../src/db/schema/index.js'
import { canonicalJson, serialHash } from '../../src/modules/minting/certificate-metadata.js'
import { dirDigest } from '../../src/modules/minting/minting.service.js'
import { postgresFromTemplate } from '../support/databases.js'
import { createMerchant, createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService, testDb, waitFor } from '../support/harness.js'
import { insertPendingWarranties, setMinterRole, warrantiesById } from '../support/mint-fixtures.js'

const allMinted = (svc: TestService, ids: string[]) => async () => {
  const rows = await warrantiesById(svc.deps.db, ids)
  return rows.every((r) => r.mintStatus === 'MINTED') ? rows : null
}

describe('minting pipeline', () => {
  let svc: TestService
  beforeAll(async () => {
    svc = await createTestService({ mint: true, env: { MINT_RETRY_DELAY_SECONDS: '1' } })
  })
  afterAll(() => svc?.close())

  it('mints 250 warranties in batches within 60 s; each tokenURI resolves to its own metadata, with no personal data', async () => {
    const merchant = await createMerchant(svc.deps.db, { name: 'Acme Audio' })
    const [product] = await svc.deps.db
      .insert(merchantProducts)
      .values({ merchantId: merchant.id, merchantSku: 'X2', title: 'Studio Monitor X2' })
      .returning()
    const firstToken = await svc.deps.chain.nextTokenId()
    const started = Date.now()
    const issued = await insertPendingWarranties(svc.deps.db, merchant.id, 250, {
      merchantProductId: product!.id,
    })
    await svc.services.minting.request()
    const minted = await waitFor(
      allMinted(
        svc,
        issued.map((w) => w.id),
      ),
      60_000,
      200,
    )
    const seconds = (Date.now() - started) / 1000
    expect(seconds).toBeLessThan(60)

    // Batched: at most MINT_BATCH_SIZE (100) per transaction, so at least 3 transactions, and few.
    const batches = await svc.deps.db.select().from(mintBatches).where(eq(mintBatches.status, 'CONFIRMED'))
    const used = batches.filter((b) => minted.some((w) => w.mintBatchId === b.id))
    expect(used.length).toBeGreaterThanOrEqual(3)
    expect(used.length).toBeLessThanOrEqual(10)
    expect(used.every((b) => b.quantity <= 100)).toBe(true)

    // Exactly one token each, consecutive, none minted twice.
    const tokenIds = minted.map((w) => w.tokenId!).sort((a, b) => a - b)
    expect(new Set(tokenIds).size).toBe(250)
    expect(tokenIds[0]).toBe(Number(firstToken))
    expect(tokenIds.at(-1)).toBe(Number(firstToken) + 249)
    expect(await svc.deps.chain.nextTokenId()).toBe(firstToken + 250n)

    for (const w of minted) {
      expect(w.txHash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(w.chainId).toBe(svc.deps.chain.chainId)
      expect(w.contractAddress).toBe(svc.deps.chain.contractAddress)
      expect(w.blockNumber).toBeGreaterThan(0)
    }

    // Every token of a sample spread over all batches: tokenURI → /ipfs → this warranty's metadata.
    const sample = minted.filter((_, i) => i % 25 === 0 || i === 249)
    for (const w of sample) {
      const uri = await svc.deps.chain.tokenURI(BigInt(w.tokenId!))
      expect(uri).toMatch(/^ipfs:\/\/bafy[a-z2-7]+\/\d+$/)
      expect(uri.endsWith(`/${w.tokenId}`)).toBe(true)
      const res = await svc.request({ method: 'GET', url: uri.replace('ipfs://', '/ipfs/') })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('application/json')
      const metadata = res.json()
      expect(metadata.name).toBe(`Warranty ${w.warrantyCode}`)
      expect(metadata.attributes).toEqual(
        expect.arrayContaining([
          { trait_type: 'Merchant', value: 'Acme Audio' },
          { trait_type: 'Product', value: 'Studio Monitor X2' },
          { trait_type: 'Warranty code', value: w.warrantyCode },
          { trait_type: 'Expiry date', value: w.expiresAt.toISOString().slice(0, 10) },
          { trait_type: 'Serial number hash', value: serialHash(svc.config.serialHashSalt, w.serialNumber) },
        ]),
      )
      // The bytes served are the canonical encoding (so the CID is reproducible) …
      expect(res.body).toBe(canonicalJson(metadata))
      // … and hold nothing personal.
      for (const secret of [
        w.customerEmail!,
        w.customerName!,
        w.customerPhone!,
        w.invoiceNumber!,
        '1234.56',
        w.serialNumber,
      ]) {
        expect(res.body).not.toContain(secret)
      }
      expect(w.metadataCid).toBe(res.headers.etag?.replaceAll('"', ''))
    }
    console.info(`250 certificates minted in ${seconds.toFixed(1)} s in ${used.length} transactions`)
  }, 90_000)

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

  it('retries while the chain is unreachable and mints once it is back, none twice', async () => {
    const merchant = await createMerchant(svc.deps.db)
    const node = svc.deps.chain.node!
    const before = await svc.deps.chain.nextTokenId()
    await node.stop()
    try {
      const issued = await insertPendingWarranties(svc.deps.db, merchant.id, 5)
      await svc.services.minting.request()
      await new Promise((r) => setTimeout(r, 2500))
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
    let databaseUrl: string | undefined
    let dropDb = async () => {}
    if (testDb === 'postgres') {
      const db = await postgresFromTemplate(process.env.TEST_DATABASE_URL!, inject('postgresTemplate')!)
      databaseUrl = db.url
      dropDb = db.drop
    }
    const options = { dataDir, fileDatabase: true, ...(databaseUrl ? { databaseUrl } : {}) }
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
