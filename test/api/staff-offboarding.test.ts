import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warrantyImportChunks, warrantyImports } from '../../src/db/schema/index.js'
import { createImport, insertChunk } from '../../src/modules/imports/imports.repository.js'
import { auditRowsOf } from '../support/catalog-factories.js'
import { createMerchantWithUsers, createUser, type TestUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

let svc: TestService
let admin: TestUser

beforeAll(async () => {
  svc = await createTestService()
  admin = await createUser(svc.deps, { role: 'ADMIN' })
})
afterAll(() => svc?.close())

type Tenant = Awaited<ReturnType<typeof createMerchantWithUsers>>
const act = (token: string, method: 'POST' | 'DELETE', url: string) => svc.request({ method, url, token })
const stats = (user: TestUser) => svc.request({ method: 'GET', url: '/v1/merchant/stats', token: user.token })
const login = (user: TestUser) =>
  svc.request({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: user.email, password: user.password },
  })

describe('Off-boarding a merchant user (issue 26, defect 14)', () => {
  let shop: Tenant
  beforeAll(async () => {
    shop = await createMerchantWithUsers(svc.deps, 'Offboarding Shop')
  })

  it('an owner suspends a user: their open session ends at once, login is refused; reactivation needs a new sign-in', async () => {
    const leaver = await createUser(svc.deps, {
      role: 'MERCHANT_USER',
      merchantId: shop.merchant.id,
      merchantRole: 'USER',
    })
    expect((await stats(leaver)).statusCode).toBe(200)
    const suspended = await act(shop.owner.token, 'POST', `/v1/merchant/users/${leaver.id}/suspend`)
    expect(suspended.statusCode).toBe(200)
    expect(suspended.json()).toMatchObject({ id: leaver.id, status: 'SUSPENDED', merchantRole: 'USER' })
    expect(suspended.body).not.toMatch(/password|hash|tokenVersion/i)
    const after = await stats(leaver)
    expect(after.statusCode).toBe(403)
    expect(after.json()).toMatchObject({ error: 'account_suspended' })
    expect((await login(leaver)).json()).toMatchObject({ error: 'account_suspended' })

    const back = await act(shop.owner.token, 'POST', `/v1/merchant/users/${leaver.id}/reactivate`)
    expect(back.json()).toMatchObject({ status: 'ACTIVE' })
    // The token of before the suspension stays dead; a new sign-in works.
    expect((await stats(leaver)).statusCode).toBe(401)
    const fresh = await login(leaver)
    expect(fresh.statusCode).toBe(200)
    const actions = (await auditRowsOf(svc.deps.db, leaver.id)).map((r) => [r.action, r.actorId])
    expect(actions).toEqual([
      ['staff_user.reactivate', shop.owner.id],
      ['staff_user.suspend', shop.owner.id],
    ])
  })

  it('an owner removes a user: the session ends (401), the login is gone, the removal is audited', async () => {
    const leaver = await createUser(svc.deps, {
      role: 'MERCHANT_USER',
      merchantId: shop.merchant.id,
      merchantRole: 'ADMIN',
    })
    const removed = await act(shop.owner.token, 'DELETE', `/v1/merchant/users/${leaver.id}`)
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ deleted: true, id: leaver.id, stoppedImports: 0 })
    expect((await stats(leaver)).statusCode).toBe(401)
    expect((await login(leaver)).statusCode).toBe(401)
    const [row] = await auditRowsOf(svc.deps.db, leaver.id)
    expect(row).toMatchObject({ action: 'staff_user.remove', actorId: shop.owner.id, after: null })
    expect(row?.before).toMatchObject({ email: leaver.email, status: 'ACTIVE' })
    expect((await act(shop.owner.token, 'DELETE', `/v1/merchant/users/${leaver.id}`)).statusCode).toBe(404)
  })

  it("removal stops the user's unfinished CSV import: nothing goes on in their name", async () => {
    const leaver = await createUser(svc.deps, {
      role: 'MERCHANT_USER',
      merchantId: shop.merchant.id,
      merchantRole: 'USER',
    })
    const { db } = svc.deps
    // Still uploading (no worker takes it meanwhile), with a chunk stored.
    const importId = await createImport(db, shop.merchant.id, leaver.id)
    await insertChunk(db, importId, 0, [{ line: 2, item: { serialNumber: 'SN-LEAVER-1' } }])
    const removed = await act(shop.owner.token, 'DELETE', `/v1/merchant/users/${leaver.id}`)
    expect(removed.json()).toEqual({ deleted: true, id: leaver.id, stoppedImports: 1 })
    const [row] = await db.select().from(warrantyImports).where(eq(warrantyImports.id, importId))
    expect(row).toMatchObject({
      state: 'FAILED',
      createdBy: null,
      error: 'Stopped: the user who uploaded it was removed',
    })
    expect(
      await db.select().from(warrantyImportChunks).where(eq(warrantyImportChunks.importId, importId)),
    ).toEqual([])
  })

  it('an owner cannot off-board themselves or the last owner; another owner can go', async () => {
    const shop = await createMerchantWithUsers(svc.deps, 'Two Owners Shop')
    const self = await act(shop.owner.token, 'DELETE', `/v1/merchant/users/${shop.owner.id}`)
    expect(self.statusCode).toBe(409)
    expect(self.json()).toMatchObject({ error: 'self_offboarding' })
    const selfSuspend = await act(shop.owner.token, 'POST', `/v1/merchant/users/${shop.owner.id}/suspend`)
    expect(selfSuspend.json()).toMatchObject({ error: 'self_offboarding' })

    const second = await createUser(svc.deps, {
      role: 'MERCHANT_USER',
      merchantId: shop.merchant.id,
      merchantRole: 'OWNER',
    })
    expect((await act(second.token, 'POST', `/v1/merchant/users/${shop.owner.id}/suspend`)).statusCode).toBe(
      200,
    )
    // The first owner is suspended: the second is the last active owner, whom an admin cannot take either.
    const last = await act(admin.token, 'DELETE', `/v1/admin/users/${second.id}`)
    expect(last.statusCode).toBe(409)
    expect(last.json()).toMatchObject({ error: 'last_owner' })
    expect((await act(admin.token, 'POST', `/v1/admin/users/${second.id}/suspend`)).json()).toMatchObject({
      error: 'last_owner',
    })
    expect(
      (await act(second.token, 'POST', `/v1/merchant/users/${shop.owner.id}/reactivate`)).statusCode,
    ).toBe(200)
    expect((await act(admin.token, 'DELETE', `/v1/admin/users/${second.id}`)).statusCode).toBe(200)
    expect((await stats(second)).statusCode).toBe(401)
  })

  it("another merchant's user, a customer or an unknown id is 404; a USER or ADMIN of the merchant is 403", async () => {
    const other = await createMerchantWithUsers(svc.deps, 'Other Shop')
    for (const target of [other.user.id, crypto.randomUUID()]) {
      const res = await act(shop.owner.token, 'POST', `/v1/merchant/users/${target}/suspend`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ error: 'not_found' })
    }
    expect((await stats(other.user)).statusCode).toBe(200)
    const customer = await createUser(svc.deps, { role: 'CUSTOMER', password: null })
    expect((await act(admin.token, 'DELETE', `/v1/admin/users/${customer.id}`)).statusCode).toBe(404)
    for (const caller of [shop.admin, shop.user]) {
      const res = await act(caller.token, 'DELETE', `/v1/merchant/users/${shop.user.id}`)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ error: 'forbidden' })
    }
    const list = await svc.request({ method: 'GET', url: '/v1/merchant/users', token: shop.owner.token })
    expect(list.statusCode).toBe(200)
    const ids = list.json().items.map((u: { id: string }) => u.id)
    expect(ids).toContain(shop.user.id)
    expect(ids).not.toContain(other.user.id)
  })
})

describe('Off-boarding an admin', () => {
  it('an admin suspends and removes another admin at once, never themselves nor the last active admin', async () => {
    const other = await createUser(svc.deps, { role: 'ADMIN' })
    const list = () => svc.request({ method: 'GET', url: '/v1/admin/merchants', token: other.token })
    expect((await list()).statusCode).toBe(200)
    expect((await act(admin.token, 'POST', `/v1/admin/users/${other.id}/suspend`)).json()).toMatchObject({
      status: 'SUSPENDED',
      role: 'ADMIN',
      adminRole: 'SUPER_ADMIN',
    })
    expect((await list()).json()).toMatchObject({ error: 'account_suspended' })
    const self = await act(admin.token, 'DELETE', `/v1/admin/users/${admin.id}`)
    expect(self.json()).toMatchObject({ error: 'self_offboarding' })
    expect((await act(admin.token, 'DELETE', `/v1/admin/users/${other.id}`)).statusCode).toBe(200)
    expect((await list()).statusCode).toBe(401)
  })
})
