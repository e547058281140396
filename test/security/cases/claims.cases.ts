import { eq } from 'drizzle-orm'
import { claimSettings, serviceProviders } from '../../../src/db/schema/index.js'
import { allowProvider, claimIn, photoBase64, walletWarranty } from '../../support/claim-factories.js'
import type { CaseRequest, RouteCase, World } from '../world.js'

/**
 * A fresh claim of the world's customer at tenant A, in `status` (assigned: to the world's
 * provider). Tenant A's claim rules are cleared first: a walk that set automatic approval (the
 * fuzz sends PUT /v1/merchant/claim-settings) must not approve the claim a case needs SUBMITTED;
 * and the world's provider is made ACTIVE again (the fuzz's admin walk may have suspended it).
 */
async function claimOfA(w: World, status: Parameters<typeof claimIn>[3] = 'SUBMITTED') {
  await w.svc.deps.db.delete(claimSettings).where(eq(claimSettings.merchantId, w.a.merchant.id))
  const providerId = w.serviceProvider.serviceProviderId
  if (providerId)
    await w.svc.deps.db
      .update(serviceProviders)
      .set({ status: 'ACTIVE' })
      .where(eq(serviceProviders.id, providerId))
  return (await claimIn(w.svc, w.a.owner, w.customer, status, w.serviceProvider)).claim
}

/** A fresh claim with one photo: its id and the photo's. */
async function photoOfA(w: World): Promise<{ claimId: string; photoId: string }> {
  await w.svc.deps.db.delete(claimSettings).where(eq(claimSettings.merchantId, w.a.merchant.id))
  const warranty = await walletWarranty(w.svc, w.a.owner, w.customer)
  const claim = await w.svc.services.claims.open(w.customer.id, warranty.id, {
    category: 'DAMAGE',
    description: 'Cracked case',
    photos: [await photoBase64()],
  })
  return { claimId: claim.id, photoId: claim.photos[0]?.id ?? '' }
}

const thread = (prefix: string, claim: (w: World) => Promise<{ id: string }>, tenantScoped: boolean) => {
  const scoped = tenantScoped ? { tenantScoped: true } : {}
  return [
    { method: 'GET', route: `${prefix}/claims`, request: () => ({ url: `${prefix}/claims?limit=5` }) },
    {
      method: 'GET',
      route: `${prefix}/claims/:id`,
      request: async (w: World) => ({ url: `${prefix}/claims/${(await claim(w)).id}` }),
      ...scoped,
    },
    {
      method: 'POST',
      route: `${prefix}/claims/:id/messages`,
      request: async (w: World) => ({
        url: `${prefix}/claims/${(await claim(w)).id}/messages`,
        payload: { body: 'A word in the thread' },
      }),
      ...scoped,
    },
    {
      method: 'GET',
      route: `${prefix}/claims/:id/photos/:photoId`,
      request: async (w: World): Promise<CaseRequest> => {
        const { claimId, photoId } = await photoOfA(w)
        if (prefix === '/v1/service-provider') {
          const { claims } = w.svc.services
          const actor = {
            party: 'MERCHANT' as const,
            userId: w.a.owner.id,
            merchantId: w.a.merchant.id,
            merchantRole: 'OWNER' as const,
          }
          await claims.approve(actor, claimId, null)
          await claims.assign(actor, claimId, w.serviceProvider.serviceProviderId ?? '', null)
        }
        return { url: `${prefix}/claims/${claimId}/photos/${photoId}` }
      },
      ...scoped,
    },
  ]
}

const action = (route: string, status: Parameters<typeof claimIn>[3], payload: object): RouteCase => ({
  method: 'POST',
  route,
  request: async (w) => ({ url: route.replace(':id', (await claimOfA(w, status)).id), payload }),
  tenantScoped: route.startsWith('/v1/merchant/'),
})

/** Claims: the customer's own, the merchant's (tenant-scoped), the provider's assigned ones. */
export const cases: RouteCase[] = [
  {
    method: 'POST',
    route: '/v1/customer/warranties/:id/claims',
    request: async (w) => ({
      url: `/v1/customer/warranties/${(await walletWarranty(w.svc, w.a.owner, w.customer)).id}/claims`,
      payload: { category: 'OTHER', description: 'It rattles' },
    }),
  },
  {
    method: 'POST',
    route: '/v1/customer/claims/:id/cancel',
    request: async (w) => ({ url: `/v1/customer/claims/${(await claimOfA(w)).id}/cancel` }),
  },
  ...thread('/v1/customer', (w) => claimOfA(w), false),
  ...thread('/v1/merchant', (w) => claimOfA(w), true),
  ...thread('/v1/service-provider', (w) => claimOfA(w, 'ASSIGNED'), false),
  action('/v1/merchant/claims/:id/approve', 'SUBMITTED', { note: 'Covered' }),
  action('/v1/merchant/claims/:id/deny', 'SUBMITTED', { reason: 'Not covered' }),
  action('/v1/merchant/claims/:id/request-info', 'SUBMITTED', { question: 'When did it start?' }),
  {
    method: 'POST',
    route: '/v1/merchant/claims/:id/assign',
    request: async (w) => {
      await allowProvider(w.svc, w.a.merchant.id, w.serviceProvider.serviceProviderId ?? '')
      return {
        url: `/v1/merchant/claims/${(await claimOfA(w, 'APPROVED')).id}/assign`,
        payload: { serviceProviderId: w.serviceProvider.serviceProviderId },
      }
    },
    tenantScoped: true,
  },
  action('/v1/merchant/claims/:id/resolve', 'APPROVED', { outcome: 'NOT_COVERED' }),
  action('/v1/service-provider/claims/:id/start', 'ASSIGNED', { diagnosis: 'Worn bearing' }),
  action('/v1/service-provider/claims/:id/resolve', 'ASSIGNED', { outcome: 'REPAIRED' }),
  { method: 'GET', route: '/v1/merchant/claim-stats', request: () => ({ url: '/v1/merchant/claim-stats' }) },
  {
    method: 'GET',
    route: '/v1/merchant/claim-settings',
    request: () => ({ url: '/v1/merchant/claim-settings' }),
  },
  {
    method: 'PUT',
    route: '/v1/merchant/claim-settings',
    request: () => ({
      url: '/v1/merchant/claim-settings',
      payload: { autoApproveWithinDays: null, autoApproveProductIds: [], repairExtensionDays: 0 },
    }),
  },
  {
    method: 'GET',
    route: '/v1/service-provider/coverage',
    request: async (w) => {
      const warranty = await walletWarranty(w.svc, w.a.owner, w.customer)
      await allowProvider(w.svc, w.a.merchant.id, w.serviceProvider.serviceProviderId ?? '')
      return { url: `/v1/service-provider/coverage?warrantyCode=${warranty.warrantyCode}` }
    },
  },
]
