import { issueWarranty } from '../../support/warranty-factories.js'
import type { RouteCase, World } from '../world.js'

const warrantyOfA = (w: World) => issueWarranty(w.svc, w.a.owner, {})

/** Service events: a merchant's own warranties only. */
export const cases: RouteCase[] = [
  {
    method: 'POST',
    route: '/v1/merchant/warranties/:id/events',
    request: async (w) => ({
      url: `/v1/merchant/warranties/${(await warrantyOfA(w)).id}/events`,
      payload: { kind: 'REPAIRED', description: 'Fan replaced' },
    }),
    tenantScoped: true,
  },
  {
    method: 'GET',
    route: '/v1/merchant/warranties/:id/events',
    request: async (w) => ({ url: `/v1/merchant/warranties/${(await warrantyOfA(w)).id}/events` }),
    tenantScoped: true,
  },
]
