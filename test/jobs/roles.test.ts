import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ANVIL_DEV_PRIVATE_KEY, AnvilSupervisor } from '../../src/adapters/chain/anvil.js'
import { loadConfig } from '../../src/config/index.js'
import { createLogger } from '../../src/logger.js'
import { startService } from '../../src/service.js'
import { createMerchantWithUsers, createUser, PASSWORD } from '../support/factories.js'
import { createTestService, freshDatabase, waitFor } from '../support/harness.js'

describe('--role api|worker', () => {
  it('refuses a split role on the embedded database and chain (one process only)', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/wt-role-check',
      JWT_SECRET: 'x'.repeat(32),
      SERIAL_HASH_SALT: 'y'.repeat(16),
    })
    await expect(startService(config, createLogger({ logLevel: 'silent' }), 'api')).rejects.toThrow(
      /DATABASE_URL and CHAIN_RPC_URL/,
    )
  })

  it('runs the API and the workers as separate processes on one PostgreSQL and one chain', async () => {
    // A chain node of its own, as a deployment would have one, shared by both processes.
    const chainDir = mkdtempSync(join(tmpdir(), 'wt-roles-chain-'))
    const node = new AnvilSupervisor({
      dataDir: chainDir,
      logger: createLogger({ logLevel: 'silent' }),
      signerKey: ANVIL_DEV_PRIVATE_KEY,
    })
    await node.start()
    const db = await freshDatabase()
    try {
      const { address } = await node.ensureDeployment()
      const env = {
        CHAIN_RPC_URL: node.rpcUrl,
        CHAIN_PRIVATE_KEY: ANVIL_DEV_PRIVATE_KEY,
        CERTIFICATE_CONTRACT_ADDRESS: address,
        CHAIN_CONFIRMATIONS: '1',
      }
      const api = await createTestService({ databaseUrl: db.url, role: 'api', env })
      // The worker role has no HTTP app, so it is started directly, as main.ts does.
      const worker = await startService(api.config, createLogger({ logLevel: 'silent' }), 'worker')
      try {
        expect(worker.app).toBeNull()
        const admin = await createUser(api.deps, { role: 'ADMIN' })
        const res = await api.request({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: admin.email, password: PASSWORD },
        })
        expect(res.statusCode).toBe(200)
        // The API only enqueues; the worker process records the login …
        const me = await waitFor(async () => {
          const body = (
            await api.request({ method: 'GET', url: '/v1/auth/me', token: res.json().token })
          ).json()
          return body.lastLoginAt ? body : null
        })
        expect(me.lastLoginAt).toBeTruthy()
        // … and mints what the API issues.
        const { owner } = await createMerchantWithUsers(api.deps)
        const issued = await api.request({
          method: 'POST',
          url: '/v1/merchant/warranties/issue',
          token: owner.token,
          payload: { serialNumber: 'ROLE-1' },
        })
        expect(issued.statusCode).toBe(200)
        const minted = await waitFor(async () => {
          const w = (
            await api.request({
              method: 'GET',
              url: `/v1/merchant/warranties/${issued.json().id}`,
              token: owner.token,
            })
          ).json()
          return w.mint.status === 'MINTED' ? w : null
        }, 30_000)
        expect(minted.mint.contractAddress).toBe(address)
      } finally {
        await worker.close()
        await api.close()
      }
    } finally {
      await node.stop()
      await db.drop()
      rmSync(chainDir, { recursive: true, force: true })
    }
  }, 60_000)
})
