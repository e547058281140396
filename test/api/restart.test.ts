import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMerchantWithUsers, PASSWORD } from '../support/factories.js'
import { createTestService } from '../support/harness.js'

describe('restarting the service', () => {
  it('keeps users, the JWT secret and tokens across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wt-restart-'))
    // The embedded database server under DATA_DIR/db, as `npm start` runs it.
    // Without a configured JWT_SECRET the service generates one under DATA_DIR and keeps it.
    const env = { JWT_SECRET: undefined, ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root-password' }
    const options = { dataDir, fileDatabase: true, env }
    try {
      const first = await createTestService(options)
      const { owner } = await createMerchantWithUsers(first.deps)
      const login = await first.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: 'root@example.com', password: 'root-password' },
      })
      expect(login.statusCode).toBe(200)
      const { token } = login.json()
      await first.close()

      const second = await createTestService(options)
      try {
        for (const [email, password] of [
          ['root@example.com', 'root-password'],
          [owner.email, PASSWORD],
        ] as const) {
          const res = await second.request({
            method: 'POST',
            url: '/v1/auth/login',
            payload: { email, password },
          })
          expect(res.statusCode, email).toBe(200)
        }
        const me = await second.request({ method: 'GET', url: '/v1/auth/me', token })
        expect(me.statusCode).toBe(200)
        expect(me.json().email).toBe('root@example.com')
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
