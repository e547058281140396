import { randomUUID } from 'node:crypto'
import { createUser, uniqueEmail } from '../../support/factories.js'
import { insertInvitedMerchantUser, insertStaffLink } from '../../support/staff-factories.js'
import type { RouteCase, World } from '../world.js'

const invitedOfA = (w: World) => insertInvitedMerchantUser(w.svc.deps.db, w.a.merchant.id)

/** A reset link of a fresh user of tenant A: never the world's own callers (their tokens stay valid). */
const resetLinkOfA = async (w: World) => {
  const user = await createUser(w.svc.deps, {
    role: 'MERCHANT_USER',
    merchantId: w.a.merchant.id,
    merchantRole: 'USER',
  })
  return insertStaffLink(w.svc.deps.db, { userId: user.id, kind: 'PASSWORD_RESET' })
}

const invitee = () => ({ email: uniqueEmail('walk-invite'), name: 'Walk Invitee' })

/** Staff invitations and password reset: public links; admins and merchant owners invite. */
export const cases: RouteCase[] = [
  {
    method: 'GET',
    route: '/v1/auth/invitation',
    request: async (w) => ({ url: `/v1/auth/invitation?token=${(await invitedOfA(w)).token}` }),
  },
  {
    method: 'POST',
    route: '/v1/auth/invitation/accept',
    request: async (w) => ({
      url: '/v1/auth/invitation/accept',
      payload: { token: (await invitedOfA(w)).token, password: 'walk-password-1' },
    }),
  },
  {
    method: 'POST',
    route: '/v1/auth/forgot-password',
    request: () => ({
      url: '/v1/auth/forgot-password',
      payload: { email: `walk-${randomUUID().slice(0, 8)}@example.com` },
    }),
  },
  {
    method: 'GET',
    route: '/v1/auth/reset-password',
    request: async (w) => ({ url: `/v1/auth/reset-password?token=${await resetLinkOfA(w)}` }),
  },
  {
    method: 'POST',
    route: '/v1/auth/reset-password',
    request: async (w) => ({
      url: '/v1/auth/reset-password',
      payload: { token: await resetLinkOfA(w), newPassword: 'walk-password-2' },
    }),
  },
  {
    method: 'POST',
    route: '/v1/admin/merchants/:id/invitations',
    request: (w) => ({ url: `/v1/admin/merchants/${w.a.merchant.id}/invitations`, payload: invitee() }),
  },
  {
    method: 'POST',
    route: '/v1/admin/service-providers/:id/invitations',
    request: (w) => ({
      url: `/v1/admin/service-providers/${w.serviceProvider.serviceProviderId}/invitations`,
      payload: invitee(),
    }),
  },
  {
    method: 'POST',
    route: '/v1/admin/admins/invitations',
    request: () => ({ url: '/v1/admin/admins/invitations', payload: invitee() }),
  },
  { method: 'GET', route: '/v1/admin/admins', request: () => ({ url: '/v1/admin/admins?limit=5' }) },
  {
    method: 'POST',
    route: '/v1/admin/admins',
    request: () => ({ url: '/v1/admin/admins', payload: { ...invitee(), password: 'walk-password-3' } }),
  },
  {
    method: 'POST',
    route: '/v1/merchant/invitations',
    // Into the caller's own team: tenant B's owner invites to B.
    request: () => ({ url: '/v1/merchant/invitations', payload: invitee() }),
  },
  ...(['admin', 'merchant'] as const).flatMap((audience): RouteCase[] => {
    const tenantScoped = audience === 'merchant'
    return [
      {
        method: 'POST',
        route: `/v1/${audience}/users/:id/invitation/resend`,
        request: async (w) => ({
          url: `/v1/${audience}/users/${(await invitedOfA(w)).id}/invitation/resend`,
        }),
        tenantScoped,
      },
      {
        method: 'DELETE',
        route: `/v1/${audience}/users/:id/invitation`,
        request: async (w) => ({ url: `/v1/${audience}/users/${(await invitedOfA(w)).id}/invitation` }),
        tenantScoped,
      },
    ]
  }),
]
