/**
 * Rotating JWT_SECRET gracefully (docs/production.md#rotating-the-jwt-secret): with the old
 * secret in JWT_SECRET_PREVIOUS, tokens it signed keep working until they expire and e-mails
 * sealed under it can still be opened; new tokens are signed with the new secret; without it,
 * old tokens get 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config/index.js'
import { TokenService } from '../../src/http/tokens.js'
import { openData, outboxKey, sealData } from '../../src/modules/mail/sealed-data.js'
import { createUser } from '../support/factories.js'
import { createTestService, TEST_JWT_SECRET, type TestService } from '../support/harness.js'

const NEW_SECRET = 'the-new-secret-the-new-secret-0123456789'
const jwt = { ttlSeconds: 600, issuer: 'warranty-service', audience: 'warranty-api' }

let rotated: TestService
beforeAll(async () => {
  rotated = await createTestService({ env: { JWT_SECRET: NEW_SECRET, JWT_SECRET_PREVIOUS: TEST_JWT_SECRET } })
})
afterAll(async () => {
  await rotated?.close()
})

const me = (svc: TestService, token: string) => svc.request({ method: 'GET', url: '/v1/auth/me', token })

describe('JWT_SECRET_PREVIOUS', () => {
  it('accepts a token signed with the previous secret, and signs new ones with the new secret', async () => {
    const oldTokens = new TokenService({ secret: TEST_JWT_SECRET, ...jwt })
    const user = await createUser({ db: rotated.deps.db, tokens: oldTokens }, { role: 'ADMIN' })
    expect((await me(rotated, user.token)).statusCode).toBe(200)

    const login = await rotated.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: user.email, password: user.password },
    })
    const fresh = login.json().token as string
    expect(await new TokenService({ secret: NEW_SECRET, ...jwt }).verify(fresh)).toMatchObject({
      sub: user.id,
    })
    expect(await oldTokens.verify(fresh)).toBeNull()
  })

  it('refuses a token signed with the previous secret once it is no longer set', async () => {
    const after = await createTestService({
      env: { JWT_SECRET: NEW_SECRET },
      databaseUrl: rotated.deps.database.url ?? undefined,
    })
    try {
      const oldTokens = new TokenService({ secret: TEST_JWT_SECRET, ...jwt })
      const user = await createUser({ db: after.deps.db, tokens: oldTokens }, { role: 'ADMIN' })
      expect((await me(after, user.token)).statusCode).toBe(401)
    } finally {
      await after.close()
    }
  })

  it('refuses a token signed with any other secret', async () => {
    const other = new TokenService({ secret: 'some-other-secret-some-other-secret-01', ...jwt })
    const user = await createUser({ db: rotated.deps.db, tokens: other }, { role: 'ADMIN' })
    expect((await me(rotated, user.token)).statusCode).toBe(401)
  })

  it('opens e-mail data sealed under the previous secret', () => {
    const sealed = sealData(outboxKey(TEST_JWT_SECRET), { link: 'https://x/claim?claimId=1' })
    expect(openData([outboxKey(NEW_SECRET), outboxKey(TEST_JWT_SECRET)], sealed)).toEqual({
      link: 'https://x/claim?claimId=1',
    })
    expect(() => openData([outboxKey(NEW_SECRET)], sealed)).toThrow()
  })

  it('is validated: at least 32 characters, not the current secret', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: rotated.dataDir, JWT_SECRET: NEW_SECRET }
    expect(() => loadConfig({ ...base, JWT_SECRET_PREVIOUS: 'short' })).toThrow(/JWT_SECRET_PREVIOUS/)
    expect(() => loadConfig({ ...base, JWT_SECRET_PREVIOUS: NEW_SECRET })).toThrow(/same as JWT_SECRET/)
    expect(loadConfig({ ...base, JWT_SECRET_PREVIOUS: TEST_JWT_SECRET }).jwt.previousSecret).toBe(
      TEST_JWT_SECRET,
    )
  })
})
