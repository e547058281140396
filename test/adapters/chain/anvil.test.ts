import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_DEV_PRIVATE_KEY, AnvilSupervisor, type Deployment } from '../../../src/adapters/chain/anvil.js'
import type { EvmChain } from '../../../src/adapters/chain/evm-chain.js'
import { createEvmChain } from '../../../src/adapters/chain/evm-connect.js'
import { createChain } from '../../../src/adapters/chain/index.js'
import { ChainRevertError } from '../../../src/adapters/chain/port.js'
import { loadConfig } from '../../../src/config/index.js'
import {
  randomDigest,
  recordingLogger,
  silentLogger,
  startTestChain,
  type TestChain,
} from './chain-fixture.js'

async function connect(testChain: TestChain): Promise<EvmChain> {
  return createEvmChain({
    rpcUrl: testChain.node.rpcUrl,
    privateKey: ANVIL_DEV_PRIVATE_KEY,
    contractAddress: testChain.deployment.address,
    logger: silentLogger,
    pollingIntervalMs: 20,
  })
}

describe('AnvilSupervisor: persistence', () => {
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

  it('keeps a mined batch across kill -9, and a re-sent batch reverts (exactly once)', async () => {
    const start = await chain.nextTokenId()
    const batch = { expectedStartId: start, quantity: 25, dirDigest: randomDigest() }
    const { txHash } = await chain.sendMintBatch(batch)
    const mined = await chain.waitForMint(txHash, 1, 10_000)
    expect(mined.status).toBe('success')
    // What minting does before a batch counts: the block is on disk, so a crash cannot take it back.
    await testChain.node.persist(mined.blockNumber)
    const rpcUrl = testChain.node.rpcUrl

    await testChain.node.kill()
    expect(testChain.node.running).toBe(false)
    expect(await chain.health()).toEqual({ ok: false, reason: expect.stringMatching(/^chain RPC failed: /) })
    await expect(chain.nextTokenId()).rejects.toMatchObject({ name: 'AdapterError', retryable: true })

    await testChain.node.start()
    expect(testChain.node.rpcUrl).toBe(rpcUrl)
    expect(await chain.health()).toEqual({ ok: true })
    expect(await chain.nextTokenId()).toBe(start + 25n)
    expect(await chain.findBatch(start)).toEqual({
      dirDigest: batch.dirDigest,
      quantity: 25,
      txHash,
      blockNumber: mined.blockNumber,
    })
    const again = chain.sendMintBatch(batch)
    await expect(again).rejects.toBeInstanceOf(ChainRevertError)
    await expect(again).rejects.toMatchObject({ errorName: 'StartIdMismatch', retryable: false })
    // The adapter goes on minting after the crash.
    const next = await chain.sendMintBatch({ ...batch, expectedStartId: start + 25n })
    expect(await chain.waitForMint(next.txHash, 1, 10_000)).toMatchObject({
      status: 'success',
      startTokenId: start + 25n,
    })
  })

  it('keeps batches made durable through the journal across kill -9, without a full dump', async () => {
    const savedBefore = await readFile(testChain.node.statePath, 'utf8')
    const batches: { start: bigint; digest: `0x${string}`; txHash: `0x${string}`; blockNumber: bigint }[] = []
    for (let i = 0; i < 3; i++) {
      const start = await chain.nextTokenId()
      const digest = randomDigest()
      const { txHash } = await chain.sendMintBatch({
        expectedStartId: start,
        quantity: 10,
        dirDigest: digest,
      })
      const mined = await chain.waitForMint(txHash, 1, 10_000)
      if (mined.status !== 'success') throw new Error('not minted')
      batches.push({ start, digest, txHash, blockNumber: mined.blockNumber })
    }
    const last = batches.at(-1)!
    // What minting does before a batch counts: the blocks are journaled (fsynced), the state
    // file is not rewritten.
    await testChain.node.durable(last.blockNumber)
    expect(await readFile(testChain.node.statePath, 'utf8')).toBe(savedBefore)
    const journal = await readFile(join(testChain.node.chainDir, 'journal.jsonl'), 'utf8')
    expect(
      journal
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).n),
    ).toEqual(expect.arrayContaining(batches.map((b) => Number(b.blockNumber))))

    await testChain.node.kill()
    await testChain.node.start()
    expect(await chain.nextTokenId()).toBe(last.start + 10n)
    for (const b of batches) {
      // The same transactions mined again at the same heights.
      expect(await chain.findBatch(b.start)).toEqual({
        dirDigest: b.digest,
        quantity: 10,
        txHash: b.txHash,
        blockNumber: b.blockNumber,
      })
    }
    // The replay ended in a full dump, which emptied the journal; mining goes on.
    expect(await readFile(join(testChain.node.chainDir, 'journal.jsonl'), 'utf8')).toBe('')
    const again = chain.sendMintBatch({ expectedStartId: last.start, quantity: 10, dirDigest: last.digest })
    await expect(again).rejects.toMatchObject({ errorName: 'StartIdMismatch' })
    const next = await chain.sendMintBatch({
      expectedStartId: last.start + 10n,
      quantity: 1,
      dirDigest: randomDigest(),
    })
    expect(await chain.waitForMint(next.txHash, 1, 10_000)).toMatchObject({ status: 'success' })
  })

  it('stop() saves the blocks mined just before it', async () => {
    const start = await chain.nextTokenId()
    const { txHash } = await chain.sendMintBatch({
      expectedStartId: start,
      quantity: 1,
      dirDigest: randomDigest(),
    })
    await chain.waitForMint(txHash, 1, 10_000)
    const head = await testChain.node.blockNumber()
    await testChain.node.stop()
    await testChain.node.start()
    expect(await testChain.node.blockNumber()).toBe(head)
    expect(await chain.nextTokenId()).toBe(start + 1n)
  })

  it('reuses the deployment recorded in deployment.json', async () => {
    await testChain.node.restart()
    const again = await testChain.node.ensureDeployment()
    expect(again).toEqual(testChain.deployment)
    const saved = JSON.parse(await readFile(testChain.node.deploymentPath, 'utf8')) as Deployment
    expect(saved).toEqual({
      address: testChain.deployment.address,
      chainId: 31337,
      deployedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
  })

  it('refuses a second node on the same data dir', async () => {
    const second = new AnvilSupervisor({ dataDir: testChain.dataDir, logger: silentLogger })
    await expect(second.start()).rejects.toMatchObject({
      message: expect.stringContaining('already running'),
    })
  })
})

describe('AnvilSupervisor: lost or broken state', () => {
  const dirs: string[] = []
  const nodes: AnvilSupervisor[] = []

  afterEach(async () => {
    for (const node of nodes.splice(0)) await node.stop()
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
  })

  async function node(logger = silentLogger, restartOnCrash = false): Promise<AnvilSupervisor> {
    const dataDir = dirs[0] ?? (await mkdtemp(join(tmpdir(), 'warranty-anvil-')))
    if (dirs.length === 0) dirs.push(dataDir)
    const supervisor = new AnvilSupervisor({ dataDir, logger, restartOnCrash })
    nodes.push(supervisor)
    await supervisor.start()
    return supervisor
  }

  it('redeploys with a loud warning when the chain state was lost', async () => {
    const first = await node()
    const deployment = await first.ensureDeployment()
    await first.stop()
    await rm(first.statePath)
    await rm(`${first.statePath}.bak`)

    const { logger, records } = recordingLogger()
    const second = await node(logger)
    const redeployed = await second.ensureDeployment()
    // Same deployer, same nonce 0 on the fresh chain: same address, but a new deployment.
    expect(redeployed.deployedAt).not.toBe(deployment.deployedAt)
    expect(await second.blockNumber()).toBe(1n)
    expect(records.some((r) => r.level === 40 && r.msg.includes('STATE WAS LOST'))).toBe(true)
  })

  it('starts anvil again on the same port when it dies on its own (restartOnCrash)', async () => {
    const supervised = await node(silentLogger, true)
    await supervised.ensureDeployment()
    const head = await supervised.blockNumber()
    const { pid, rpcUrl } = supervised
    process.kill(pid!, 'SIGKILL')
    const deadline = Date.now() + 5_000
    while (!(supervised.running && supervised.pid !== pid) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(supervised.pid).not.toBe(pid)
    expect(supervised.rpcUrl).toBe(rpcUrl)
    expect(await supervised.blockNumber()).toBe(head)

    // A stop() right after a crash cancels the pending restart.
    process.kill(supervised.pid!, 'SIGKILL')
    await new Promise((r) => setTimeout(r, 50))
    await supervised.stop()
    await new Promise((r) => setTimeout(r, 800))
    expect(supervised.pid).toBeNull()
  })

  it('stops the anvil left running by a crashed run, keeping its state', async () => {
    const orphan = await node()
    await orphan.ensureDeployment()
    const head = await orphan.blockNumber()
    const orphanPid = orphan.pid
    // As if the process that started it had died: its pid is gone.
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    const pidFile = join(orphan.chainDir, 'anvil.pid')
    const port = Number(new URL(orphan.rpcUrl).port)
    await writeFile(pidFile, JSON.stringify({ pid: orphanPid, ownerPid: gone, port }))

    const { logger, records } = recordingLogger()
    const successor = await node(logger)
    expect(records.some((r) => r.level === 40 && r.msg.includes('left running by a run that crashed'))).toBe(
      true,
    )
    expect(successor.pid).not.toBe(orphanPid)
    expect(orphan.running).toBe(false)
    expect(await successor.blockNumber()).toBe(head)
    expect(JSON.parse(await readFile(pidFile, 'utf8'))).toEqual({
      pid: successor.pid,
      ownerPid: process.pid,
      port: Number(new URL(successor.rpcUrl).port),
    })
  })

  it('runs anvil in a process group of its own, so signals to the service group do not reach it', async () => {
    const supervised = await node()
    const groupOf = async (pid: number) =>
      (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ')[2]
    expect(await groupOf(supervised.pid!)).toBe(String(supervised.pid))
    expect(await groupOf(supervised.pid!)).not.toBe(await groupOf(process.pid))
  })

  it('saves a state file that is complete at every moment (written atomically, no anvil in-place dump)', async () => {
    const saved = await node()
    await saved.ensureDeployment()
    const head = await saved.persist()
    expect(head).toBe(await saved.blockNumber())
    const text = await readFile(saved.statePath, 'utf8')
    expect(JSON.parse(text)).toMatchObject({ best_block_number: Number(head) })
    process.kill(saved.pid!, 'SIGKILL')
    await new Promise((r) => setTimeout(r, 100))
    const restarted = await node()
    expect(await restarted.blockNumber()).toBe(head)
  })

  it('falls back to the last good state when the state file is broken', async () => {
    const first = await node()
    const deployment = await first.ensureDeployment()
    const head = await first.blockNumber()
    await first.stop()
    // What a crash in the middle of anvil's in-place write leaves behind.
    const text = await readFile(first.statePath, 'utf8')
    await writeFile(first.statePath, text.slice(0, text.length / 2))
    // And what a kill inside writeState leaves: its temporary file, as large as the state.
    const leftover = join(first.chainDir, '.state.json.0123abcd.tmp')
    await writeFile(leftover, text)

    const { logger, records } = recordingLogger()
    const second = await node(logger)
    expect(records.some((r) => r.level === 50 && r.msg.includes('restored the last good copy'))).toBe(true)
    expect(await second.blockNumber()).toBe(head)
    expect(await second.ensureDeployment()).toEqual(deployment)
    const files = await readdir(join(dirs[0]!, 'chain'))
    expect(files.some((f) => f.startsWith('state.json.corrupt-'))).toBe(true)
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([])
  })
})

describe('createChain', () => {
  let dataDir: string

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'warranty-create-chain-'))
  })

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('runs an embedded anvil under DATA_DIR/chain and keeps its contract across restarts', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }, dataDir)
    const chain = await createChain({ config, logger: silentLogger })
    try {
      expect(chain.node).not.toBeNull()
      expect(await chain.health()).toEqual({ ok: true })
      const sent = await chain.sendMintBatch({ expectedStartId: 1n, quantity: 3, dirDigest: randomDigest() })
      expect((await chain.waitForMint(sent.txHash, config.chain.confirmations, 10_000)).status).toBe(
        'success',
      )
    } finally {
      await chain.stop()
    }
    expect(existsSync(join(dataDir, 'chain', 'state.json'))).toBe(true)

    const again = await createChain({ config, logger: silentLogger })
    try {
      expect(again.contractAddress).toBe(chain.contractAddress)
      expect(await again.nextTokenId()).toBe(4n)
      expect(await again.ownerOf(3n)).toBe(again.custodian)
    } finally {
      await again.stop()
    }
    expect(again.node?.running).toBe(false)
  })

  it('uses CHAIN_RPC_URL with the configured contract, and refuses an address without code', async () => {
    const testChain = await startTestChain()
    try {
      const env = {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        CHAIN_RPC_URL: testChain.node.rpcUrl,
        CHAIN_PRIVATE_KEY: ANVIL_DEV_PRIVATE_KEY,
        CERTIFICATE_CONTRACT_ADDRESS: testChain.deployment.address,
      }
      const chain = await createChain({ config: loadConfig(env, dataDir), logger: silentLogger })
      expect(chain.node).toBeNull()
      expect(chain.contractAddress).toBe(testChain.deployment.address)
      expect(await chain.health()).toEqual({ ok: true })
      await chain.stop()
      expect(testChain.node.running).toBe(true)

      const noCode = { ...env, CERTIFICATE_CONTRACT_ADDRESS: '0x000000000000000000000000000000000000dEaD' }
      await expect(
        createChain({ config: loadConfig(noCode, dataDir), logger: silentLogger }),
      ).rejects.toMatchObject({
        retryable: false,
        message: expect.stringContaining('no contract code at 0x000000000000000000000000000000000000dEaD'),
      })
    } finally {
      await testChain.close()
    }
  })
})
