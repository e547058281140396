import { createUser } from '../../support/factories.js'
import type { RouteCase, World } from '../world.js'

/** A fresh user of tenant A each call: never the world's own callers. */
const memberOfA = async (w: World, status: 'ACTIVE' | 'SUSPENDED' = 'ACTIVE') =>
  (
    await createUser(w.svc.deps, {
      role: 'MERCHANT_USER',
      merchantId: w.a.merchant.id,
      merchantRole: 'USER',
      status,
    })
  ).id

/** Off-boarding: admins on any staff user; a merchant's owners on its users only. */
export const cases: RouteCase[] = [
  { method: 'GET', route: '/v1/merchant/users', request: () => ({ url: '/v1/merchant/users' }) },
  ...(['admin', 'merchant'] as const).flatMap((audience): RouteCase[] => {
    const tenantScoped = audience === 'merchant'
    return [
      {
        method: 'POST',
        route: `/v1/${audience}/users/:id/suspend`,
        request: async (w) => ({ url: `/v1/${audience}/users/${await memberOfA(w)}/suspend` }),
        tenantScoped,
      },
      {
        method: 'POST',
        route: `/v1/${audience}/users/:id/reactivate`,
        request: async (w) => ({
          url: `/v1/${audience}/users/${await memberOfA(w, 'SUSPENDED')}/reactivate`,
        }),
        tenantScoped,
      },
      {
        method: 'DELETE',
        route: `/v1/${audience}/users/:id`,
        request: async (w) => ({ url: `/v1/${audience}/users/${await memberOfA(w)}` }),
        tenantScoped,
      },
    ]
  }),
]
