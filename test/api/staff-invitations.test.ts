import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staffLinks } from '../../src/db/schema/index.js'
import { hashToken } from '../../src/lib/one-time-tokens.js'
import { auditRowsOf } from '../support/catalog-factories.js'
import {
  createMerchantWithUsers,
  createServiceProvider,
  createUser,
  type TestUser,
  uniqueEmail,
} from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { staffLinksOf, staffMailsOf } from '../support/staff-factories.js'

let svc: TestService
let admin: TestUser
let shop: Awaited<ReturnType<typeof createMerchantWithUsers>>
let other: Awaited<ReturnType<typeof createMerchantWithUsers>>

beforeAll(async () => {
  svc = await createTestService()
  admin = await createUser(svc.deps, { role: 'ADMIN' })
  shop = await createMerchantWithUsers(svc.deps, 'Invitation Shop')
  other = await createMerchantWithUsers(svc.deps, 'Other Shop')
})
afterAll(() => svc?.close())

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  svc.request({ method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) })
const check = (token: string) => call('GET', `/v1/auth/invitation?token=${token}`)
const accept = (token: string, password = 'chosen-by-me-1') =>
  call('POST', '/v1/auth/invitation/accept', undefined, { token, password })
const login = (email: string, password: string) =>
  call('POST', '/v1/auth/login', undefined, { email, password })

/** Invites a user of the shop as the admin; answers the invitation and the e-mailed token. */
async function inviteToShop(merchantRole: 'OWNER' | 'ADMIN' | 'USER' = 'USER') {
  const email = uniqueEmail('invited')
  const res = await call('POST', `/v1/admin/merchants/${shop.merchant.id}/invitations`, admin.token, {
    email: email.toUpperCase(),
    name: 'Ina Invited',
    merchantRole,
  })
  expect(res.statusCode, res.body).toBe(200)
  const invitation = res.json()
  const mails = await staffMailsOf(svc.deps.db, invitation.id)
  return { invitation, email, token: mails.at(-1)?.token ?? '', mails }
}

describe('Invitations by e-mail (admin → a merchant user)', () => {
  it('makes the account without a password, e-mails a 7-day single-use link stored only as its hash', async () => {
    const { invitation, email, token, mails } = await inviteToShop('ADMIN')
    expect(invitation).toMatchObject({
      email,
      name: 'Ina Invited',
      role: 'MERCHANT_USER',
      merchantId: shop.merchant.id,
      merchantRole: 'ADMIN',
      invitation: { status: 'PENDING' },
    })
    const days = (Date.parse(invitation.invitation.expiresAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.template).toBe('staff.invitation')
    expect(String(mails[0]?.data.url)).toMatch(/^http:\/\/app\.test\/login\/invitation\?token=[\w-]{43}$/)
    expect(mails[0]?.data).toMatchObject({ roleDescription: 'an admin of Invitation Shop' })
    const [link] = await staffLinksOf(svc.deps.db, invitation.id)
    expect(link?.tokenHash).toBe(hashToken(token))
    expect(JSON.stringify(link)).not.toContain(token)
    // Nobody signs in to the account before the invitation is accepted, whatever the password.
    expect((await login(email, 'chosen-by-me-1')).json()).toMatchObject({ error: 'invalid_credentials' })
    const list = await call('GET', `/v1/admin/merchants/${shop.merchant.id}/users?limit=200`, admin.token)
    expect(list.json().items.find((u: { id: string }) => u.id === invitation.id)).toMatchObject({
      invitation: { status: 'PENDING' },
    })
    const [audit] = await auditRowsOf(svc.deps.db, invitation.id)
    expect(audit).toMatchObject({ action: 'merchant_user.invite', actorId: admin.id, before: null })
    expect(JSON.stringify(audit)).not.toContain(token)
  })

  it('is checked without being used, accepted once with the password chosen (a session), then says token_used', async () => {
    const { invitation, email, token } = await inviteToShop()
    const checked = await check(token)
    expect(checked.statusCode).toBe(200)
    expect(checked.json()).toEqual({
      valid: true,
      email,
      name: 'Ina Invited',
      role: 'MERCHANT_USER',
      organisationName: 'Invitation Shop',
      expiresAt: invitation.invitation.expiresAt,
    })
    expect((await check(token)).statusCode).toBe(200)

    const accepted = await accept(token)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json().user).toMatchObject({ id: invitation.id, email, merchantId: shop.merchant.id })
    expect((await call('GET', '/v1/auth/me', accepted.json().token)).statusCode).toBe(200)
    expect((await login(email, 'chosen-by-me-1')).statusCode).toBe(200)

    for (const again of [await accept(token, 'another-password'), await check(token)]) {
      expect(again.statusCode).toBe(401)
      expect(again.json()).toMatchObject({ error: 'token_used' })
      expect(again.json().message).toMatch(/already accepted/)
    }
    // The other password did not take.
    expect((await login(email, 'another-password')).statusCode).toBe(401)
    const list = await call('GET', `/v1/admin/merchants/${shop.merchant.id}/users?limit=200`, admin.token)
    expect(list.json().items.find((u: { id: string }) => u.id === invitation.id).invitation).toBeUndefined()
  })

  it('of concurrent accepts exactly one wins', async () => {
    const { token } = await inviteToShop()
    const answers = await Promise.all([accept(token, 'first-choice-1'), accept(token, 'second-choice-2')])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401])
  })

  it('after its expiry: expired_token; a resend e-mails a fresh link and the older one stops working', async () => {
    const { invitation, token } = await inviteToShop()
    await svc.deps.db
      .update(staffLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffLinks.tokenHash, hashToken(token)))
    for (const res of [await check(token), await accept(token)]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ error: 'expired_token' })
    }
    const list = await call('GET', `/v1/admin/merchants/${shop.merchant.id}/users?limit=200`, admin.token)
    expect(list.json().items.find((u: { id: string }) => u.id === invitation.id).invitation.status).toBe(
      'EXPIRED',
    )

    const resent = await call('POST', `/v1/admin/users/${invitation.id}/invitation/resend`, admin.token)
    expect(resent.statusCode, resent.body).toBe(200)
    expect(resent.json()).toMatchObject({ id: invitation.id, invitation: { status: 'PENDING' } })
    const mails = await staffMailsOf(svc.deps.db, invitation.id)
    expect(mails).toHaveLength(2)
    const fresh = mails[1]?.token ?? ''
    expect(fresh).not.toBe(token)
    expect((await accept(token)).json()).toMatchObject({ error: 'expired_token' })
    expect((await accept(fresh)).statusCode).toBe(200)
    // Accepted: nothing left to resend or revoke.
    for (const [method, url] of [
      ['POST', `/v1/admin/users/${invitation.id}/invitation/resend`],
      ['DELETE', `/v1/admin/users/${invitation.id}/invitation`],
    ] as const) {
      const res = await call(method, url, admin.token)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ error: 'invalid_state' })
    }
    const actions = (await auditRowsOf(svc.deps.db, invitation.id)).map((r) => r.action)
    expect(actions).toEqual(['staff_user.invitation_resend', 'merchant_user.invite'])
  })

  it('resending is limited per invited user (429)', async () => {
    const { invitation } = await inviteToShop()
    const codes: number[] = []
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await call('POST', `/v1/admin/users/${invitation.id}/invitation/resend`, admin.token)).statusCode,
      )
    }
    expect(codes).toEqual([200, 200, 200, 429])
  })

  it('revoked: the link says invalid_token, the account is gone and the address can be invited again', async () => {
    const { invitation, email, token } = await inviteToShop()
    const revoked = await call('DELETE', `/v1/admin/users/${invitation.id}/invitation`, admin.token)
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json()).toEqual({ revoked: true, id: invitation.id })
    expect((await accept(token)).json()).toMatchObject({ error: 'invalid_token' })
    expect(
      (await call('DELETE', `/v1/admin/users/${invitation.id}/invitation`, admin.token)).statusCode,
    ).toBe(404)
    const [audit] = await auditRowsOf(svc.deps.db, invitation.id)
    expect(audit).toMatchObject({ action: 'staff_user.invitation_revoke', after: null })
    const again = await call('POST', `/v1/admin/merchants/${shop.merchant.id}/invitations`, admin.token, {
      email,
      name: 'Ina Again',
    })
    expect(again.statusCode).toBe(200)
  })

  it('refuses a taken address (409 conflict) and an unknown merchant (404); the password path still works', async () => {
    const taken = await call('POST', `/v1/admin/merchants/${shop.merchant.id}/invitations`, admin.token, {
      email: shop.user.email,
      name: 'Dup',
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ error: 'conflict' })
    const unknown = await call(
      'POST',
      '/v1/admin/merchants/00000000-0000-4000-8000-000000000000/invitations',
      admin.token,
      { email: uniqueEmail('nobody'), name: 'Nobody' },
    )
    expect(unknown.statusCode).toBe(404)
    const withPassword = await call('POST', `/v1/admin/merchants/${shop.merchant.id}/users`, admin.token, {
      email: uniqueEmail('classic'),
      password: 'admin-chosen-1',
      name: 'Classic',
    })
    expect(withPassword.statusCode).toBe(200)
    expect(withPassword.json().invitation).toBeUndefined()
    expect((await login(withPassword.json().email, 'admin-chosen-1')).statusCode).toBe(200)
  })

  it('an invited owner who has not accepted does not count as an active owner (the last one stays)', async () => {
    const lone = await createMerchantWithUsers(svc.deps, 'Lone Owner Shop')
    const res = await call('POST', `/v1/admin/merchants/${lone.merchant.id}/invitations`, admin.token, {
      email: uniqueEmail('second-owner'),
      name: 'Second Owner',
      merchantRole: 'OWNER',
    })
    expect(res.statusCode).toBe(200)
    const suspend = await call('POST', `/v1/admin/users/${lone.owner.id}/suspend`, admin.token)
    expect(suspend.statusCode).toBe(409)
    expect(suspend.json()).toMatchObject({ error: 'last_owner' })
  })
})

describe("Invitations by a merchant's owner (the team)", () => {
  it('an owner invites to their own team; another merchant cannot resend or revoke it (404); a non-owner is refused', async () => {
    const email = uniqueEmail('team')
    const res = await call('POST', '/v1/merchant/invitations', shop.owner.token, { email, name: 'Teammate' })
    expect(res.statusCode, res.body).toBe(200)
    const invited = res.json()
    expect(invited).toMatchObject({
      merchantId: shop.merchant.id,
      merchantRole: 'USER',
      invitation: { status: 'PENDING' },
    })
    const team = await call('GET', '/v1/merchant/users?limit=200', shop.owner.token)
    expect(team.json().items.some((u: { id: string }) => u.id === invited.id)).toBe(true)

    for (const [method, url] of [
      ['POST', `/v1/merchant/users/${invited.id}/invitation/resend`],
      ['DELETE', `/v1/merchant/users/${invited.id}/invitation`],
    ] as const) {
      expect((await call(method, url, other.owner.token)).statusCode).toBe(404)
      expect((await call(method, url, shop.admin.token)).statusCode).toBe(403)
    }
    expect(
      (
        await call('POST', '/v1/merchant/invitations', shop.admin.token, {
          email: uniqueEmail('x'),
          name: 'X',
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (await call('POST', `/v1/merchant/users/${invited.id}/invitation/resend`, shop.owner.token)).statusCode,
    ).toBe(200)
    const revoked = await call('DELETE', `/v1/merchant/users/${invited.id}/invitation`, shop.owner.token)
    expect(revoked.json()).toEqual({ revoked: true, id: invited.id })
    const actors = (await auditRowsOf(svc.deps.db, invited.id)).map((r) => [r.action, r.actorId])
    expect(actors).toEqual([
      ['staff_user.invitation_revoke', shop.owner.id],
      ['staff_user.invitation_resend', shop.owner.id],
      ['merchant_user.invite', shop.owner.id],
    ])
  })
})

describe('Invitations of service providers’ users and admins; admins managing admins', () => {
  it('a service provider’s user accepts and signs in as that provider', async () => {
    const provider = await createServiceProvider(svc.deps.db, { name: 'Kaiser Repairs' })
    const res = await call('POST', `/v1/admin/service-providers/${provider.id}/invitations`, admin.token, {
      email: uniqueEmail('tech'),
      name: 'Tech',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ role: 'SERVICE_PROVIDER', serviceProviderId: provider.id })
    const [mail] = await staffMailsOf(svc.deps.db, res.json().id)
    expect((await check(mail?.token ?? '')).json()).toMatchObject({ organisationName: 'Kaiser Repairs' })
    const accepted = await accept(mail?.token ?? '')
    expect(accepted.json().user).toMatchObject({ role: 'SERVICE_PROVIDER', serviceProviderId: provider.id })
    const users = await call('GET', `/v1/admin/service-providers/${provider.id}/users`, admin.token)
    expect(users.json().items[0].invitation).toBeUndefined()
    const unknown = await call(
      'POST',
      '/v1/admin/service-providers/00000000-0000-4000-8000-000000000000/invitations',
      admin.token,
      { email: uniqueEmail('tech'), name: 'Tech' },
    )
    expect(unknown.statusCode).toBe(404)
  })

  it('admins list admins (keyset pages), add one with a password or invite one; deactivating: never oneself', async () => {
    const added = await call('POST', '/v1/admin/admins', admin.token, {
      email: uniqueEmail('added-admin'),
      name: 'Added Admin',
      password: 'admin-chosen-2',
    })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json()).toMatchObject({ role: 'ADMIN', adminRole: 'ADMIN', status: 'ACTIVE' })
    expect(added.body).not.toMatch(/password|hash/i)
    expect((await login(added.json().email, 'admin-chosen-2')).statusCode).toBe(200)
    expect((await auditRowsOf(svc.deps.db, added.json().id))[0]).toMatchObject({
      action: 'admin_user.create',
    })

    const invited = await call('POST', '/v1/admin/admins/invitations', admin.token, {
      email: uniqueEmail('invited-admin'),
      name: 'Invited Admin',
    })
    expect(invited.statusCode).toBe(200)
    expect((await auditRowsOf(svc.deps.db, invited.json().id))[0]).toMatchObject({
      action: 'admin_user.invite',
    })
    const [mail] = await staffMailsOf(svc.deps.db, invited.json().id)
    expect(mail?.data).toMatchObject({ roleDescription: 'an administrator of the platform' })

    const first = await call('GET', '/v1/admin/admins?limit=2', admin.token)
    expect(first.statusCode).toBe(200)
    expect(first.json().items.map((a: { id: string }) => a.id)).toEqual([invited.json().id, added.json().id])
    expect(first.json().items[0]).toMatchObject({ invitation: { status: 'PENDING' } })
    expect(first.json().nextCursor).toEqual(expect.any(String))
    const rest = await call(
      'GET',
      `/v1/admin/admins?limit=200&cursor=${first.json().nextCursor}`,
      admin.token,
    )
    expect(rest.json().items.map((a: { id: string }) => a.id)).toContain(admin.id)
    expect((await call('GET', '/v1/admin/admins', shop.owner.token)).statusCode).toBe(403)

    const self = await call('POST', `/v1/admin/users/${admin.id}/suspend`, admin.token)
    expect(self.json()).toMatchObject({ error: 'self_offboarding' })
    const other = await call('POST', `/v1/admin/users/${added.json().id}/suspend`, admin.token)
    expect(other.json()).toMatchObject({ status: 'SUSPENDED' })
  })
})
