import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { ANVIL_DEV_PRIVATE_KEY, AnvilSupervisor } from '../../src/adapters/chain/anvil.js'
import { anvilRpc } from '../../src/adapters/chain/anvil-rpc.js'
import { loadArtifact } from '../../src/adapters/chain/artifacts.js'
import { serverUser } from '../../src/db/embedded/os-user.js'
import { createLogger } from '../../src/logger.js'
import { createTestService } from '../support/harness.js'

// Issue 26, defect 5: everything under DATA_DIR private to the service's user; the embedded chain
// signs with a key of its folder and has no unlocked accounts.

/**
 * Every entry under `root` whose mode is not 0700 (folders) or 0600 (files). Run as root, the
 * embedded database server runs as the OS user `postgres` (PostgreSQL refuses root), so DATA_DIR
 * itself is 0710 with that user's group: it may enter, not list, and nobody else may do either.
 */
function loose(root: string): string[] {
  const found: string[] = []
  const walk = (path: string) => {
    const stat = lstatSync(path)
    if (stat.isSymbolicLink()) return
    const want = path === root && serverUser() ? 0o710 : stat.isDirectory() ? 0o700 : 0o600
    if ((stat.mode & 0o777) !== want) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`)
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name))
  }
  walk(root)
  return found
}

const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describe('DATA_DIR permissions', () => {
  it('tightens an existing folder at start (0700/0600) and keeps what it writes private', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wt-private-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    // A folder as an older version left it: world-readable folders and files.
    mkdirSync(join(dataDir, 'blobs', 'receipts'), { recursive: true })
    writeFileSync(join(dataDir, 'blobs', 'receipts', 'old.jpg'), 'x')
    writeFileSync(join(dataDir, 'jwt-secret'), 'y'.repeat(64))
    for (const path of [dataDir, join(dataDir, 'blobs'), join(dataDir, 'blobs', 'receipts')])
      chmodSync(path, 0o755)
    chmodSync(join(dataDir, 'blobs', 'receipts', 'old.jpg'), 0o644)
    chmodSync(join(dataDir, 'jwt-secret'), 0o666)
    expect(loose(dataDir).length).toBeGreaterThan(0)

    const svc = await createTestService({ dataDir, fileDatabase: true }) // the embedded database's files too
    cleanups.push(() => svc.close())
    // Something written after the start: the state of the embedded chain, saved now.
    await svc.deps.chain.node?.persist()
    expect(loose(dataDir)).toEqual([])
    expect(process.umask() & 0o077).toBe(0o077)
    const user = serverUser()
    if (user) {
      expect(lstatSync(dataDir).gid).toBe(user.gid)
      expect(lstatSync(join(dataDir, 'db')).uid).toBe(user.uid)
    }
  })

  it('the embedded chain has no unlocked accounts: eth_accounts is [], eth_sendTransaction from #0 refused', async () => {
    const svc = await createTestService()
    cleanups.push(() => svc.close())
    const rpcUrl = svc.deps.chain.node?.rpcUrl
    if (!rpcUrl) throw new Error('no embedded chain')
    expect(await anvilRpc(rpcUrl, 'eth_accounts')).toEqual([])
    const dev0 = privateKeyToAccount(ANVIL_DEV_PRIVATE_KEY).address
    await expect(
      anvilRpc(rpcUrl, 'eth_sendTransaction', [{ from: dev0, to: dev0, value: '0x1' }]),
    ).rejects.toThrow(/anvil eth_sendTransaction failed/)
  })
})

describe('a fresh chain folder', () => {
  it('deploys and mints from a key generated for it (0600), not the public dev key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wt-signer-'))
    const node = new AnvilSupervisor({ dataDir, logger: createLogger({ logLevel: 'silent' }) })
    cleanups.push(async () => {
      await node.stop()
      rmSync(dataDir, { recursive: true, force: true })
    })
    await node.start()
    const { address } = await node.ensureDeployment()
    const keyFile = join(dataDir, 'chain', 'signer.key')
    expect(lstatSync(keyFile).mode & 0o777).toBe(0o600)
    const key = readFileSync(keyFile, 'utf8').trim()
    expect(key).toBe(node.signerKey)
    expect(key).not.toBe(ANVIL_DEV_PRIVATE_KEY)
    const client = createPublicClient({ transport: http(node.rpcUrl) })
    const { abi } = await loadArtifact('WarrantyCertificate')
    const minter = await client.readContract({ address, abi, functionName: 'MINTER_ROLE' })
    const signer = privateKeyToAccount(key as `0x${string}`).address
    const dev0 = privateKeyToAccount(ANVIL_DEV_PRIVATE_KEY).address
    expect(await client.readContract({ address, abi, functionName: 'hasRole', args: [minter, signer] })).toBe(
      true,
    )
    expect(await client.readContract({ address, abi, functionName: 'hasRole', args: [minter, dev0] })).toBe(
      false,
    )
    expect(await anvilRpc(node.rpcUrl, 'eth_accounts')).toEqual([])
  })
})
