import type { RouteCase, World } from '../world.js'

// A receiver that does not exist: deliveries the walk causes fail and wait for a retry.
const URL = 'https://hooks.example.invalid/webhook'

/** A fresh endpoint of tenant A. */
const endpointOfA = (w: World) =>
  w.svc.services.webhooks.endpoints.create(w.a.merchant.id, { url: URL, events: ['warranty.issued'] })

/** A fresh endpoint of tenant A with one delivery (a ping). */
async function deliveryOfA(w: World): Promise<{ id: string; deliveryId: string }> {
  const endpoint = await endpointOfA(w)
  const delivery = await w.svc.services.webhooks.endpoints.test(w.a.merchant.id, endpoint.id)
  return { id: endpoint.id, deliveryId: delivery.id }
}

const byId = (suffix: string) => async (w: World) => ({
  url: `/v1/merchant/webhooks/${(await endpointOfA(w)).id}${suffix}`,
})

export const cases: RouteCase[] = [
  { method: 'GET', route: '/v1/merchant/webhooks', request: () => ({ url: '/v1/merchant/webhooks' }) },
  {
    method: 'POST',
    route: '/v1/merchant/webhooks',
    request: () => ({ url: '/v1/merchant/webhooks', payload: { url: URL, events: ['warranty.minted'] } }),
  },
  { method: 'GET', route: '/v1/merchant/webhooks/:id', request: byId(''), tenantScoped: true },
  {
    method: 'PATCH',
    route: '/v1/merchant/webhooks/:id',
    request: async (w) => ({ ...(await byId('')(w)), payload: { events: ['warranty.claimed'] } }),
    tenantScoped: true,
  },
  { method: 'DELETE', route: '/v1/merchant/webhooks/:id', request: byId(''), tenantScoped: true },
  {
    method: 'POST',
    route: '/v1/merchant/webhooks/:id/rotate-secret',
    request: byId('/rotate-secret'),
    tenantScoped: true,
  },
  {
    method: 'GET',
    route: '/v1/merchant/webhooks/:id/deliveries',
    request: byId('/deliveries'),
    tenantScoped: true,
  },
  {
    method: 'POST',
    route: '/v1/merchant/webhooks/:id/deliveries/:deliveryId/replay',
    request: async (w) => {
      const { id, deliveryId } = await deliveryOfA(w)
      return { url: `/v1/merchant/webhooks/${id}/deliveries/${deliveryId}/replay` }
    },
    tenantScoped: true,
  },
  { method: 'POST', route: '/v1/merchant/webhooks/:id/test', request: byId('/test'), tenantScoped: true },
]
