import { createGlobalProduct, createMerchantProduct, tag } from '../../support/catalog-factories.js'
import { createMerchant } from '../../support/factories.js'
import type { RouteCase, World } from '../world.js'

/** A fresh product of tenant A. */
const productOfA = (w: World) => createMerchantProduct(w.svc.deps.db, w.a.merchant.id)

/** The admin console, the catalogue, the dashboards and the audit log. */
export const cases: RouteCase[] = [
  // Merchants (admin)
  { method: 'GET', route: '/v1/admin/merchants', request: () => ({ url: '/v1/admin/merchants?limit=5' }) },
  {
    method: 'POST',
    route: '/v1/admin/merchants',
    request: () => ({ url: '/v1/admin/merchants', payload: { name: tag('Case merchant ') } }),
  },
  {
    method: 'GET',
    route: '/v1/admin/merchants/:id',
    request: async (w) => ({ url: `/v1/admin/merchants/${(await createMerchant(w.svc.deps.db)).id}` }),
  },
  {
    method: 'PUT',
    route: '/v1/admin/merchants/:id',
    // A fresh merchant each call: never the tenants of the world.
    request: async (w) => ({
      url: `/v1/admin/merchants/${(await createMerchant(w.svc.deps.db)).id}`,
      payload: { name: 'Renamed', phone: null },
    }),
  },
  {
    method: 'GET',
    route: '/v1/admin/merchants/:id/users',
    request: (w) => ({ url: `/v1/admin/merchants/${w.a.merchant.id}/users` }),
  },
  {
    method: 'POST',
    route: '/v1/admin/merchants/:id/users',
    request: async (w) => ({
      url: `/v1/admin/merchants/${(await createMerchant(w.svc.deps.db)).id}/users`,
      payload: { email: `${tag('case')}@example.com`, password: 'secret1', name: 'Case user' },
    }),
  },

  // Global products
  {
    method: 'GET',
    route: '/v1/global/products',
    request: () => ({ url: '/v1/global/products?brand=a&limit=5' }),
  },
  {
    method: 'GET',
    route: '/v1/admin/global-products',
    request: () => ({ url: '/v1/admin/global-products?category=audio' }),
  },
  {
    method: 'POST',
    route: '/v1/admin/global-products',
    request: () => ({
      url: '/v1/admin/global-products',
      payload: { brand: tag('Brand '), model: 'M', category: 'Audio' },
    }),
  },
  {
    method: 'PUT',
    route: '/v1/admin/global-products/:id',
    request: async (w) => ({
      url: `/v1/admin/global-products/${(await createGlobalProduct(w.svc.deps.db)).id}`,
      payload: { model: 'M2', imageUrl: null },
    }),
  },
  {
    method: 'DELETE',
    route: '/v1/admin/global-products/:id',
    request: async (w) => ({
      url: `/v1/admin/global-products/${(await createGlobalProduct(w.svc.deps.db)).id}`,
    }),
  },

  // Merchant products (tenant A's)
  {
    method: 'GET',
    route: '/v1/merchant/products',
    request: () => ({ url: '/v1/merchant/products?limit=5' }),
  },
  {
    method: 'POST',
    route: '/v1/merchant/products',
    request: () => ({
      url: '/v1/merchant/products',
      payload: { merchantSku: tag('SKU-'), title: 'Case product' },
    }),
  },
  {
    method: 'PUT',
    route: '/v1/merchant/products/:id',
    request: async (w) => ({
      url: `/v1/merchant/products/${(await productOfA(w)).id}`,
      payload: { title: 'Renamed' },
    }),
    tenantScoped: true,
  },
  {
    method: 'DELETE',
    route: '/v1/merchant/products/:id',
    request: async (w) => ({ url: `/v1/merchant/products/${(await productOfA(w)).id}` }),
    tenantScoped: true,
  },

  // Dashboards and audit
  { method: 'GET', route: '/v1/merchant/stats', request: () => ({ url: '/v1/merchant/stats' }) },
  { method: 'GET', route: '/v1/admin/stats', request: () => ({ url: '/v1/admin/stats' }) },
  { method: 'GET', route: '/v1/admin/audit', request: () => ({ url: '/v1/admin/audit?limit=5' }) },
]
