import { insertPendingWarranties } from '../../support/mint-fixtures.js'
import type { RouteCase } from '../world.js'

export const cases: RouteCase[] = [
  {
    method: 'GET',
    route: '/v1/global/warranties/:warrantyCode/verify',
    request: async (w) => {
      const [warranty] = await insertPendingWarranties(w.svc.deps.db, w.a.merchant.id, 1)
      return { url: `/v1/global/warranties/${warranty!.warrantyCode}/verify` }
    },
  },
]
