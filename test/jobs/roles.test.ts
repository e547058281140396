import { describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { createLogger } from '../../src/logger.js'
import { startService } from '../../src/service.js'
import { postgresFromTemplate } from '../support/databases.js'
import { createUser, PASSWORD } from '../support/factories.js'
import { createTestService, testDb, waitFor } from '../support/harness.js'

describe('--role api|worker', () => {
  it('refuses a split role on the embedded database (one process only)', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/wt-role-check',
      JWT_SECRET: 'x'.repeat(32),
      SERIAL_HASH_SALT: 'y'.repeat(16),
    })
    await expect(startService(config, createLogger({ logLevel: 'silent' }), 'api')).rejects.toThrow(
      /DATABASE_URL/,
    )
  })

  it.runIf(testDb === 'postgres')(
    'runs the API and the workers as separate processes on one PostgreSQL',
    async () => {
      const db = await postgresFromTemplate(process.env.TEST_DATABASE_URL!, inject('postgresTemplate')!)
      const api = await createTestService({ databaseUrl: db.url, role: 'api' })
      // The worker role has no HTTP app, so it is started directly, as main.ts does.
      const workerService = await startService(api.config, createLogger({ logLevel: 'silent' }), 'worker')
      try {
        expect(workerService.app).toBeNull()
        const admin = await createUser(api.deps, { role: 'ADMIN' })
        const res = await api.request({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: admin.email, password: PASSWORD },
        })
        expect(res.statusCode).toBe(200)
        // The API only enqueues; the worker process records the login.
        const me = await waitFor(async () => {
          const body = (
            await api.request({ method: 'GET', url: '/v1/auth/me', token: res.json().token })
          ).json()
          return body.lastLoginAt ? body : null
        })
        expect(me.lastLoginAt).toBeTruthy()
      } finally {
        await workerService.close()
        await api.close()
        await db.drop()
      }
    },
  )
})
