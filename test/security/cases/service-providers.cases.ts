import { merchantServiceProviders } from '../../../src/db/schema/index.js'
import { tag } from '../../support/catalog-factories.js'
import { createServiceProvider } from '../../support/factories.js'
import type { RouteCase, World } from '../world.js'

/** A fresh provider each call: never one another case changes. */
const freshProvider = async (w: World) => (await createServiceProvider(w.svc.deps.db)).id

/** A fresh provider on tenant A's allow-list. */
async function allowedByA(w: World): Promise<string> {
  const id = await freshProvider(w)
  await w.svc.deps.db
    .insert(merchantServiceProviders)
    .values({ merchantId: w.a.merchant.id, serviceProviderId: id })
  return id
}

/** Service providers: admins run them and their users; a merchant's OWNERs and ADMINs choose theirs. */
export const cases: RouteCase[] = [
  {
    method: 'GET',
    route: '/v1/admin/service-providers',
    request: () => ({ url: '/v1/admin/service-providers?limit=5&status=ACTIVE' }),
  },
  {
    method: 'POST',
    route: '/v1/admin/service-providers',
    request: () => ({
      url: '/v1/admin/service-providers',
      payload: { name: tag('Case provider '), contactEmail: `${tag('desk')}@example.com` },
    }),
  },
  {
    method: 'GET',
    route: '/v1/admin/service-providers/:id',
    request: async (w) => ({ url: `/v1/admin/service-providers/${await freshProvider(w)}` }),
  },
  {
    method: 'PUT',
    route: '/v1/admin/service-providers/:id',
    request: async (w) => ({
      url: `/v1/admin/service-providers/${await freshProvider(w)}`,
      payload: { name: tag('Renamed '), phone: null },
    }),
  },
  {
    method: 'GET',
    route: '/v1/admin/service-providers/:id/users',
    request: async (w) => ({ url: `/v1/admin/service-providers/${await freshProvider(w)}/users` }),
  },
  {
    method: 'POST',
    route: '/v1/admin/service-providers/:id/users',
    request: async (w) => ({
      url: `/v1/admin/service-providers/${await freshProvider(w)}/users`,
      payload: { email: `${tag('tech')}@example.com`, password: 'secret1', name: 'Case technician' },
    }),
  },
  {
    method: 'GET',
    route: '/v1/merchant/service-providers',
    request: () => ({ url: '/v1/merchant/service-providers?limit=5' }),
  },
  {
    method: 'GET',
    route: '/v1/merchant/service-providers/directory',
    request: () => ({ url: '/v1/merchant/service-providers/directory?limit=5' }),
  },
  {
    method: 'PUT',
    route: '/v1/merchant/service-providers/:id',
    request: async (w) => ({ url: `/v1/merchant/service-providers/${await freshProvider(w)}` }),
  },
  {
    method: 'DELETE',
    route: '/v1/merchant/service-providers/:id',
    // On tenant A's list: tenant B withdrawing it answers 404 (it is not on B's list).
    request: async (w) => ({ url: `/v1/merchant/service-providers/${await allowedByA(w)}` }),
    tenantScoped: true,
  },
]
