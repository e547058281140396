import { createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdapterError } from '../../../src/adapters/adapter-error.js'
import { ANVIL_DEV_PRIVATE_KEY, ANVIL_DEV_PRIVATE_KEY_2 } from '../../../src/adapters/chain/anvil.js'
import type { EvmChain } from '../../../src/adapters/chain/evm-chain.js'
import { createEvmChain } from '../../../src/adapters/chain/evm-connect.js'
import { ChainRevertError } from '../../../src/adapters/chain/port.js'
import {
  digestOf,
  directoryCid,
  randomDigest,
  silentLogger,
  startTestChain,
  type TestChain,
} from './chain-fixture.js'

async function connect(
  testChain: TestChain,
  privateKey: `0x${string}` = ANVIL_DEV_PRIVATE_KEY,
): Promise<EvmChain> {
  return createEvmChain({
    rpcUrl: testChain.node.rpcUrl,
    privateKey,
    contractAddress: testChain.deployment.address,
    logger: silentLogger,
    pollingIntervalMs: 20,
  })
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (err) {
    return err
  }
  throw new Error('expected a rejection')
}

describe('EvmChain on an automining anvil', () => {
  let testChain: TestChain
  let chain: EvmChain

  beforeAll(async () => {
    testChain = await startTestChain()
    chain = await connect(testChain)
  })

  afterAll(async () => {
    await chain?.close()
    await testChain?.close()
  })

  it('describes the chain, the contract and the custodian', async () => {
    expect(chain.chainId).toBe(31337)
    expect(chain.contractAddress).toBe(testChain.deployment.address)
    expect(chain.custodian).toBe(privateKeyToAccount(ANVIL_DEV_PRIVATE_KEY).address)
    expect(chain.maxBatchSize).toBe(1000)
    expect(await chain.health()).toEqual({ ok: true })
  })

  it('serialises 20 concurrent sendMintBatch calls onto consecutive nonces, all minted once', async () => {
    const first = await chain.nextTokenId()
    const quantity = 3
    const batches = Array.from({ length: 20 }, (_, i) => ({
      expectedStartId: first + BigInt(i * quantity),
      quantity,
      dirDigest: digestOf(`concurrent ${i}`),
    }))
    const sent = await Promise.all(batches.map((b) => chain.sendMintBatch(b)))
    const nonces = sent.map((s) => s.nonce)
    expect(nonces).toEqual(nonces.map((_, i) => (nonces[0] ?? 0) + i))
    const outcomes = await Promise.all(sent.map((s) => chain.waitForMint(s.txHash, 1, 10_000)))
    expect(outcomes.map((o) => (o.status === 'success' ? [o.startTokenId, o.quantity] : o))).toEqual(
      batches.map((b) => [b.expectedStartId, quantity]),
    )
    expect(await chain.nextTokenId()).toBe(first + 60n)
    const last = batches[19]!
    expect(await chain.tokenURI(last.expectedStartId + 2n)).toBe(
      `ipfs://${directoryCid(last.dirDigest)}/${last.expectedStartId + 2n}`,
    )
    expect(await chain.ownerOf(last.expectedStartId)).toBe(chain.custodian)
  })

  it('finds a minted batch with its transaction, and nothing where no batch starts', async () => {
    const start = await chain.nextTokenId()
    const dirDigest = randomDigest()
    const { txHash } = await chain.sendMintBatch({ expectedStartId: start, quantity: 5, dirDigest })
    const outcome = await chain.waitForMint(txHash, 1, 10_000)
    expect(outcome.status).toBe('success')
    expect(await chain.findBatch(start)).toEqual({
      dirDigest,
      quantity: 5,
      txHash,
      blockNumber: outcome.blockNumber,
    })
    expect(await chain.findBatch(start + 1n)).toBeNull()
    expect(await chain.findBatch(start + 5n)).toBeNull()
  })

  it('refuses to send a batch that is already minted, without using a nonce', async () => {
    const start = await chain.nextTokenId()
    const batch = { expectedStartId: start, quantity: 2, dirDigest: randomDigest() }
    const first = await chain.sendMintBatch(batch)
    await chain.waitForMint(first.txHash, 1, 10_000)

    const err = await rejection(chain.sendMintBatch(batch))
    expect(err).toBeInstanceOf(ChainRevertError)
    expect(err).toMatchObject({
      retryable: false,
      errorName: 'StartIdMismatch',
      reason: `StartIdMismatch(expected: ${start}, actual: ${start + 2n})`,
    })
    const next = await chain.sendMintBatch({ ...batch, expectedStartId: start + 2n })
    expect(next.nonce).toBe(first.nonce + 1)
    await chain.waitForMint(next.txHash, 1, 10_000)
  })

  it('rejects invalid input as not retryable', async () => {
    const expectedStartId = await chain.nextTokenId()
    const dirDigest = randomDigest()
    for (const input of [
      { expectedStartId, quantity: 0, dirDigest },
      { expectedStartId, quantity: 1001, dirDigest },
      { expectedStartId, quantity: 1.5, dirDigest },
      { expectedStartId: 0n, quantity: 1, dirDigest },
      { expectedStartId, quantity: 1, dirDigest: '0x1234' as const },
      { expectedStartId, quantity: 1, dirDigest: `0x${'0'.repeat(64)}` as const },
    ]) {
      const err = await rejection(chain.sendMintBatch(input))
      expect(err).toBeInstanceOf(AdapterError)
      expect(err).toMatchObject({ retryable: false })
    }
  })

  it('throws ChainRevertError for tokens that do not exist', async () => {
    const next = await chain.nextTokenId()
    await expect(chain.tokenURI(next)).rejects.toMatchObject({
      name: 'ChainRevertError',
      errorName: 'URIQueryForNonexistentToken',
    })
    await expect(chain.ownerOf(0n)).rejects.toMatchObject({ errorName: 'OwnerQueryForNonexistentToken' })
  })

  it('re-syncs its nonce after someone else used the signer', async () => {
    const start = await chain.nextTokenId()
    const first = await chain.sendMintBatch({
      expectedStartId: start,
      quantity: 1,
      dirDigest: randomDigest(),
    })
    await chain.waitForMint(first.txHash, 1, 10_000)
    // Another process with the same key sends a transaction: the adapter's counter is now stale.
    const outsider = createWalletClient({
      account: privateKeyToAccount(ANVIL_DEV_PRIVATE_KEY),
      transport: http(testChain.node.rpcUrl),
    })
    await outsider.sendTransaction({ to: chain.custodian, value: 1n, chain: null })

    const sent = await chain.sendMintBatch({
      expectedStartId: start + 1n,
      quantity: 1,
      dirDigest: randomDigest(),
    })
    expect(sent.nonce).toBe(first.nonce + 2)
    expect((await chain.waitForMint(sent.txHash, 1, 10_000)).status).toBe('success')
  })

  it('reports a signer without MINTER_ROLE as unhealthy and its mint as a revert', async () => {
    const stranger = await connect(testChain, ANVIL_DEV_PRIVATE_KEY_2)
    const health = await stranger.health()
    expect(health).toEqual({ ok: false, reason: expect.stringContaining('lacks MINTER_ROLE') })
    const err = await rejection(
      stranger.sendMintBatch({
        expectedStartId: await chain.nextTokenId(),
        quantity: 1,
        dirDigest: randomDigest(),
      }),
    )
    expect(err).toMatchObject({ retryable: false, errorName: 'AccessControlUnauthorizedAccount' })
    await stranger.close()
  })

  it('times out waiting for an unknown transaction with a retryable error', async () => {
    const err = await rejection(chain.waitForMint(`0x${'ab'.repeat(32)}`, 1, 300))
    expect(err).toBeInstanceOf(AdapterError)
    expect(err).toMatchObject({ retryable: true })
  })

  it('works over a ws:// URL too', async () => {
    const overWs = await createEvmChain({
      rpcUrl: testChain.node.rpcUrl.replace('http://', 'ws://'),
      privateKey: ANVIL_DEV_PRIVATE_KEY,
      contractAddress: testChain.deployment.address,
      logger: silentLogger,
      pollingIntervalMs: 20,
    })
    try {
      expect(await overWs.health()).toEqual({ ok: true })
      const start = await overWs.nextTokenId()
      const sent = await overWs.sendMintBatch({
        expectedStartId: start,
        quantity: 2,
        dirDigest: randomDigest(),
      })
      expect(await overWs.waitForMint(sent.txHash, 1, 10_000)).toMatchObject({
        status: 'success',
        startTokenId: start,
      })
    } finally {
      await overWs.close()
    }
    // The other adapter's nonce counter is stale now: it re-syncs.
    const next = await chain.sendMintBatch({
      expectedStartId: await chain.nextTokenId(),
      quantity: 1,
      dirDigest: randomDigest(),
    })
    expect((await chain.waitForMint(next.txHash, 1, 10_000)).status).toBe('success')
  })

  it('refuses an address without contract code', async () => {
    const err = await rejection(
      createEvmChain({
        rpcUrl: testChain.node.rpcUrl,
        privateKey: ANVIL_DEV_PRIVATE_KEY,
        contractAddress: chain.custodian,
        logger: silentLogger,
      }),
    )
    expect(err).toMatchObject({ retryable: false, message: expect.stringContaining('no contract code') })
  })
})

describe('EvmChain on an interval-mining anvil (1 s blocks)', () => {
  let testChain: TestChain
  let chain: EvmChain

  beforeAll(async () => {
    testChain = await startTestChain({ blockTimeSeconds: 1 })
    chain = await connect(testChain)
  })

  afterAll(async () => {
    await chain?.close()
    await testChain?.close()
  })

  it('sends batches whose predecessors are still pending, and a duplicate reverts on chain', async () => {
    const start = await chain.nextTokenId()
    const a = { expectedStartId: start, quantity: 4, dirDigest: randomDigest() }
    const b = { expectedStartId: start + 4n, quantity: 4, dirDigest: randomDigest() }
    // Sent before anything is mined: b is simulated as if a were mined, the duplicate of a passes simulation.
    const [sentA, sentB, duplicate] = await Promise.all([
      chain.sendMintBatch(a),
      chain.sendMintBatch(b),
      chain.sendMintBatch(a),
    ])
    const [outA, outB, outDup] = await Promise.all(
      [sentA, sentB, duplicate].map((s) => chain.waitForMint(s.txHash, 1, 10_000)),
    )
    expect(outA).toMatchObject({ status: 'success', startTokenId: start, quantity: 4 })
    expect(outB).toMatchObject({ status: 'success', startTokenId: start + 4n, quantity: 4 })
    expect(outDup).toMatchObject({
      status: 'reverted',
      errorName: 'StartIdMismatch',
      reason: expect.stringContaining(`expected: ${start}`),
    })
    expect(await chain.nextTokenId()).toBe(start + 8n)
  })
})
