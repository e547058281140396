import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pushDevices } from '../../src/db/schema/index.js'
import { MAX_DEVICES_PER_CUSTOMER, PushDevicesService } from '../../src/modules/push/index.js'
import { createUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

const customer = () => createUser(svc.deps, { role: 'CUSTOMER', password: null })
const fcmToken = () => `fcm:${randomBytes(60).toString('base64url')}`
const apnsToken = () => randomBytes(32).toString('hex')
const register = (token: string, payload: unknown) =>
  svc.request({ method: 'POST', url: '/v1/customer/push/register', payload: payload as object, token })
const unregister = (token: string, payload?: unknown) =>
  svc.request({
    method: 'POST',
    url: '/v1/customer/push/unregister',
    ...(payload === undefined ? {} : { payload: payload as object }),
    token,
  })
const rowsOf = (customerId: string) =>
  svc.deps.db.select().from(pushDevices).where(eq(pushDevices.customerId, customerId))
const rowsWithToken = (token: string) =>
  svc.deps.db.select().from(pushDevices).where(eq(pushDevices.token, token))

describe('POST /v1/customer/push/register', () => {
  it('registers a device and answers it without the token', async () => {
    const c = await customer()
    const token = fcmToken()
    const res = await register(c.token, { token, platform: 'android' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: expect.any(String),
      platform: 'android',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    expect(res.body).not.toContain(token)
    expect(await rowsOf(c.id)).toMatchObject([{ id: res.json().id, token, platform: 'android' }])
  })

  it('updates, not duplicates, the same token registered again', async () => {
    const c = await customer()
    const token = apnsToken()
    const first = (await register(c.token, { token, platform: 'ios' })).json()
    const again = await register(c.token, { token, platform: 'ios' })
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(first.id)
    expect(again.json().createdAt).toBe(first.createdAt)
    expect(Date.parse(again.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt))
    expect(await rowsWithToken(token)).toHaveLength(1)
  })

  it('moves a token to the customer who registered it last', async () => {
    const [a, b] = await Promise.all([customer(), customer()])
    const token = fcmToken()
    await register(a.token, { token, platform: 'android' })
    const res = await register(b.token, { token, platform: 'android' })
    expect(res.statusCode).toBe(200)
    expect(await rowsOf(a.id)).toEqual([])
    expect(await rowsWithToken(token)).toMatchObject([{ customerId: b.id }])
  })

  it('registers the same token many times at once into one row', async () => {
    const [a, b] = await Promise.all([customer(), customer()])
    const token = fcmToken()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register((i % 2 ? a : b).token, { token, platform: 'android' })),
    )
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    expect(await rowsWithToken(token)).toHaveLength(1)
  })

  it(`keeps a customer's ${MAX_DEVICES_PER_CUSTOMER} most recent devices`, async () => {
    const c = await customer()
    const tokens = Array.from({ length: MAX_DEVICES_PER_CUSTOMER + 2 }, fcmToken)
    for (const token of tokens) await register(c.token, { token, platform: 'android' })
    const kept = (await rowsOf(c.id)).map((r) => r.token).sort()
    expect(kept).toEqual(tokens.slice(2).sort())
  })

  it.each([
    ['no token', { platform: 'ios' }],
    ['no platform', { token: 'abc' }],
    ['an empty token', { token: '', platform: 'ios' }],
    ['a token with a space', { token: 'a b', platform: 'ios' }],
    ['a token over 4096 characters', { token: 'a'.repeat(4097), platform: 'ios' }],
    ['another platform', { token: 'abc', platform: 'windows' }],
    ['an undeclared field', { token: 'abc', platform: 'ios', customerId: 'x' }],
    ['no body', undefined],
  ])('answers 400 validation_error for %s', async (_label, payload) => {
    const c = await customer()
    const res = await register(c.token, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('validation_error')
    expect(await rowsOf(c.id)).toEqual([])
  })

  it('is for customers only: staff get 403, no token 401', async () => {
    const merchant = await createUser(svc.deps, { role: 'ADMIN' })
    expect((await register(merchant.token, { token: 'abc', platform: 'ios' })).statusCode).toBe(403)
    const anonymous = await svc.request({
      method: 'POST',
      url: '/v1/customer/push/register',
      payload: { token: 'abc', platform: 'ios' },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('POST /v1/customer/push/unregister', () => {
  it('removes one token of the caller and leaves the others', async () => {
    const c = await customer()
    const [t1, t2] = [fcmToken(), apnsToken()]
    await register(c.token, { token: t1, platform: 'android' })
    await register(c.token, { token: t2, platform: 'ios' })
    const res = await unregister(c.token, { token: t1 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ removed: 1 })
    expect((await rowsOf(c.id)).map((r) => r.token)).toEqual([t2])
  })

  it("removes all of the caller's devices without a token (no body, or an empty one)", async () => {
    for (const payload of [undefined, {}]) {
      const c = await customer()
      await register(c.token, { token: fcmToken(), platform: 'android' })
      await register(c.token, { token: apnsToken(), platform: 'ios' })
      const res = await unregister(c.token, payload)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ removed: 2 })
      expect(await rowsOf(c.id)).toEqual([])
    }
  })

  it("never touches another customer's token (answers removed 0)", async () => {
    const [a, b] = await Promise.all([customer(), customer()])
    const token = fcmToken()
    await register(a.token, { token, platform: 'android' })
    const res = await unregister(b.token, { token })
    expect(res.json()).toEqual({ removed: 0 })
    expect(await rowsOf(a.id)).toHaveLength(1)
    expect((await unregister(b.token)).json()).toEqual({ removed: 0 })
    expect(await rowsOf(a.id)).toHaveLength(1)
  })

  it('answers 400 for an empty token or an undeclared field', async () => {
    const c = await customer()
    expect((await unregister(c.token, { token: '' })).statusCode).toBe(400)
    expect((await unregister(c.token, { all: true })).statusCode).toBe(400)
  })
})

describe('what the reminders use', () => {
  it('lists a customer’s devices and removes a gone one by id', async () => {
    const c = await customer()
    const token = apnsToken()
    const id = (await register(c.token, { token, platform: 'ios' })).json().id
    const push = new PushDevicesService({ db: svc.deps.db })
    expect(await push.devicesOf(c.id)).toEqual([{ id, customerId: c.id, token, platform: 'ios' }])
    expect(await push.removeGoneDevice(id, 'another-token')).toBe(false)
    expect(await push.removeGoneDevice(id, token)).toBe(true)
    expect(await push.removeGoneDevice(id)).toBe(false)
    expect(await push.devicesOf(c.id)).toEqual([])
  })
})
