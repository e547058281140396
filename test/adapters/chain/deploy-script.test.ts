import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_DEV_PRIVATE_KEY_2 } from '../../../src/adapters/chain/anvil.js'
import { createChain } from '../../../src/adapters/chain/index.js'
import { loadConfig } from '../../../src/config/index.js'
import { silentLogger, startTestChain, type TestChain } from './chain-fixture.js'

const run = promisify(execFile)

describe('npm run chain:deploy and a configured chain', () => {
  let chain: TestChain
  beforeAll(async () => {
    chain = await startTestChain()
  })
  afterAll(() => chain?.close())

  it('deploys the contract to any JSON-RPC chain and prints its address on the last line', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/chain-deploy.ts'], {
      env: { ...process.env, CHAIN_RPC_URL: chain.node.rpcUrl, CHAIN_PRIVATE_KEY: ANVIL_DEV_PRIVATE_KEY_2 },
    })
    const address = stdout.trim().split('\n').at(-1)!
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const code = await fetch(chain.node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [address, 'latest'] }),
    }).then((r) => r.json() as Promise<{ result: string }>)
    expect(code.result.length).toBeGreaterThan(1000)

    // The service then uses it with CHAIN_RPC_URL, the deployer's key and that address.
    const config = loadConfig({
      DATA_DIR: chain.dataDir,
      JWT_SECRET: 'x'.repeat(32),
      CHAIN_RPC_URL: chain.node.rpcUrl,
      CHAIN_PRIVATE_KEY: ANVIL_DEV_PRIVATE_KEY_2,
      CERTIFICATE_CONTRACT_ADDRESS: address,
    })
    const configured = await createChain({ config, logger: silentLogger })
    try {
      expect(configured.node).toBeNull()
      expect(configured.contractAddress.toLowerCase()).toBe(address.toLowerCase())
      expect(await configured.health()).toEqual({ ok: true })
    } finally {
      await configured.stop()
    }
  }, 60_000)

  it('exits non-zero naming what is missing', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/chain-deploy.ts'], {
      env: { ...process.env, CHAIN_RPC_URL: chain.node.rpcUrl, CHAIN_PRIVATE_KEY: '' },
    }).catch((err: { code: number; stderr: string }) => err)
    expect((failure as { code: number }).code).not.toBe(0)
    expect((failure as { stderr: string }).stderr).toContain('CHAIN_PRIVATE_KEY')
  })

  it('refuses a configured address without a contract', async () => {
    const config = loadConfig({
      DATA_DIR: chain.dataDir,
      JWT_SECRET: 'x'.repeat(32),
      CHAIN_RPC_URL: chain.node.rpcUrl,
      CHAIN_PRIVATE_KEY: ANVIL_DEV_PRIVATE_KEY_2,
      CERTIFICATE_CONTRACT_ADDRESS: `0x${'12'.repeat(20)}`,
    })
    await expect(createChain({ config, logger: silentLogger })).rejects.toThrow(/code|contract/i)
  })
})
