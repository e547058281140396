import { createMerchantProduct, validGtin } from '../../support/catalog-factories.js'
import type { RouteCase, World } from '../world.js'

/** A fresh product of tenant A with a GTIN: the resolver knows it. */
const productOfA = (w: World) =>
  createMerchantProduct(w.svc.deps.db, w.a.merchant.id, { gtin: validGtin(13) })

/** GS1 Digital Link: the public resolver and QR codes; a merchant's label sheets (tenant-scoped). */
export const cases: RouteCase[] = [
  { method: 'GET', route: '/.well-known/gs1resolver', request: () => ({ url: '/.well-known/gs1resolver' }) },
  {
    method: 'GET',
    route: '/01/:gtin',
    request: async (w) => ({ url: `/01/${(await productOfA(w)).gtin}` }),
    okStatuses: [307],
  },
  {
    method: 'GET',
    route: '/01/:gtin/21/:serial',
    request: async (w) => ({ url: `/01/${(await productOfA(w)).gtin}/21/SN-CASE-1` }),
    okStatuses: [307],
  },
  {
    method: 'GET',
    route: '/v1/global/digital-link/qr',
    request: async (w) => ({
      url: `/v1/global/digital-link/qr?gtin=${(await productOfA(w)).gtin}&serial=SN-CASE-1&format=png&size=128`,
    }),
  },
  {
    method: 'POST',
    route: '/v1/merchant/products/:id/labels',
    // Tenant A's product: tenant B printing its labels answers 404.
    request: async (w) => ({
      url: `/v1/merchant/products/${(await productOfA(w)).id}/labels`,
      payload: { serials: ['SN-CASE-1', 'SN-CASE-2'] },
    }),
    tenantScoped: true,
  },
]
