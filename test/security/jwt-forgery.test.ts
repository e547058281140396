import { generateKeyPairSync } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { exportJWK, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.js'
import { insertClaimLink, insertMagicLink } from '../support/customer-factories.js'
import { createUser, setMerchantStatus, setUserStatus, type TestUser } from '../support/factories.js'
import { createTestService, TEST_JWT_SECRET, type TestService } from '../support/harness.js'
import { createWorld, WALK_ENV, type World } from './world.js'

// Forged, stale and misused bearer tokens (issue 18), against one protected route of each
// audience. The spec: a token that is not valid → 401 unauthorized; a valid token of a suspended
// account or merchant → 403 account_suspended / merchant_suspended.

let svc: TestService
let world: World
beforeAll(async () => {
  svc = await createTestService({ env: WALK_ENV })
  world = await createWorld(svc)
})
afterAll(() => svc?.close())

const ROUTES = ['/v1/auth/me', '/v1/admin/merchants', '/v1/merchant/warranties', '/v1/customer/me']
const key = new TextEncoder().encode(TEST_JWT_SECRET)
const b64 = (o: object | string) =>
  Buffer.from(typeof o === 'string' ? o : JSON.stringify(o)).toString('base64url')
const now = () => Math.floor(Date.now() / 1000)

/** The claims the service itself would sign for `user`. */
const claimsOf = (user: TestUser) => ({
  sub: user.id,
  role: user.role,
  tv: 0,
  iss: svc.config.jwt.issuer,
  aud: svc.config.jwt.audience,
  iat: now(),
  exp: now() + 3600,
})

const hs = (claims: object, secret: Uint8Array = key, alg = 'HS256', header: object = {}) =>
  new SignJWT(claims as Record<string, unknown>)
    .setProtectedHeader({ alg, typ: 'JWT', ...header })
    .sign(secret)

/** A token's payload replaced, its header and signature kept. */
const tampered = (token: string, change: (claims: Record<string, unknown>) => void) => {
  const [header, payload, signature] = token.split('.')
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
  change(claims)
  return `${header}.${b64(claims)}.${signature}`
}

async function forgeries(w: World): Promise<[string, string][]> {
  const target = w.a.owner
  const claims = claimsOf(target)
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const publicPem = rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString()
  const jwk = await exportJWK(rsa.publicKey)
  const rs = (header: object = {}) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...header }).sign(rsa.privateKey)
  const deleted = await createUser(svc.deps, { role: 'ADMIN' })
  await svc.deps.db.delete(users).where(eq(users.id, deleted.id))
  const magic = await insertMagicLink(svc.deps.db, w.customer.id)
  const claimId = await insertClaimLink(svc.deps.db, {
    customerId: w.customer.id,
    merchantId: w.a.merchant.id,
  })
  return [
    ['alg none, no signature', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
    [
      'alg None with the real signature',
      `${b64({ alg: 'None' })}.${b64(claims)}.${target.token.split('.')[2]}`,
    ],
    ['alg NONE', `${b64({ alg: 'NONE' })}.${b64(claims)}.`],
    ['RS256 with a key of its own', await rs()],
    ['RS256 carrying its own public key (jwk header)', await rs({ jwk })],
    ['RS256 pointing at a key URL (jku)', await rs({ jku: 'http://127.0.0.1:1/jwks.json', kid: 'x' })],
    [
      'HS256 keyed with an RSA public key (HS/RS confusion)',
      await hs(claims, new TextEncoder().encode(publicPem)),
    ],
    ['HS512 with the right secret (algorithm not pinned)', await hs(claims, key, 'HS512')],
    [
      'HS256 with another key',
      await hs(claims, new TextEncoder().encode('another-secret-another-secret-0123456789')),
    ],
    ['HS256 with an empty key', await hs(claims, new Uint8Array(32))],
    ['expired an hour ago', await hs({ ...claims, iat: now() - 7200, exp: now() - 3600 })],
    ['expired a minute ago', await hs({ ...claims, exp: now() - 60 })],
    ['without exp', await hs({ ...claims, exp: undefined })],
    ['issued for another audience', await hs({ ...claims, aud: 'another-api' })],
    ['from another issuer', await hs({ ...claims, iss: 'someone-else' })],
    ['payload tampered: role ADMIN', tampered(target.token, (c) => (c.role = 'ADMIN'))],
    ['payload tampered: another user (the admin)', tampered(target.token, (c) => (c.sub = w.admin.id))],
    ['payload tampered: expiry pushed back', tampered(target.token, (c) => (c.exp = now() + 86_400 * 365))],
    ['signed right, claiming role ADMIN', await hs({ ...claims, role: 'ADMIN' })],
    ['signed right, an older token version', await hs({ ...claims, tv: -1 })],
    ['signed right, a newer token version', await hs({ ...claims, tv: 1 })],
    ['signed right, for a user that was deleted', deleted.token],
    [
      'signed right, for a user that never existed',
      await hs({ ...claims, sub: '00000000-0000-4000-8000-00000000dead' }),
    ],
    ['signature cut off', target.token.split('.').slice(0, 2).join('.')],
    [
      'signature of another token',
      `${target.token.split('.').slice(0, 2).join('.')}.${w.b.owner.token.split('.')[2]}`,
    ],
    ['four segments', `${target.token}.${target.token.split('.')[2]}`],
    ['a magic-link token as bearer', magic],
    ['a claim id as bearer', claimId],
    ['the JWT secret itself as bearer', TEST_JWT_SECRET],
  ]
}

const get = (url: string, token: string) =>
  svc.request({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })

describe('JWT forgery suite', () => {
  it('answers 401 unauthorized to every forged, stale or misused token on every audience', async () => {
    const answers: string[] = []
    let total = 0
    for (const [label, token] of await forgeries(world)) {
      for (const url of ROUTES) {
        const res = await get(url, token)
        total++
        if (res.statusCode !== 401 || res.json().error !== 'unauthorized') {
          answers.push(`${label} on ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`)
        }
      }
    }
    console.info(`[jwt] ${total} forged requests, ${total - answers.length} answered 401`)
    expect(answers).toEqual([])
  })

  it('still admits the real tokens (control: the routes are reachable)', async () => {
    for (const [user, url] of [
      [world.a.owner, '/v1/merchant/warranties'],
      [world.admin, '/v1/admin/merchants'],
      [world.customer, '/v1/customer/me'],
    ] as const) {
      expect((await get(url, user.token)).statusCode, url).toBe(200)
    }
  })

  it('answers 403 account_suspended / merchant_suspended to a valid token of a suspended account', async () => {
    const suspended = await createUser(svc.deps, { role: 'MERCHANT_USER', merchantId: world.b.merchant.id })
    const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    await setUserStatus(svc.deps.db, suspended.id, 'SUSPENDED')
    await setUserStatus(svc.deps.db, customer.id, 'SUSPENDED')
    for (const [user, url] of [
      [suspended, '/v1/merchant/warranties'],
      [customer, '/v1/customer/me'],
    ] as const) {
      const res = await get(url, user.token)
      expect(res.statusCode, url).toBe(403)
      expect(res.json().error).toBe('account_suspended')
    }
    await setMerchantStatus(svc.deps.db, world.b.merchant.id, 'SUSPENDED')
    try {
      const res = await get('/v1/merchant/warranties', world.b.owner.token)
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toBe('merchant_suspended')
    } finally {
      await setMerchantStatus(svc.deps.db, world.b.merchant.id, 'ACTIVE')
    }
  })
})
