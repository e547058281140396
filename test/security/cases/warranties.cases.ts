import { randomUUID } from 'node:crypto'
import { issueWarranty, setMint, uniqueSerial, verifyTokensOf } from '../../support/warranty-factories.js'
import type { RouteCase, World } from '../world.js'

/** A fresh warranty of tenant A, with a customer e-mail (so it can be resent). */
const warrantyOfA = (w: World) =>
  issueWarranty(w.svc, w.a.owner, { customerEmail: `buyer-${randomUUID().slice(0, 8)}@example.com` })

/** A fresh, unverified sender address of tenant A. */
const senderOfA = (w: World) =>
  w.svc.services.senderAddresses.register(w.a.merchant.id, `sender-${randomUUID().slice(0, 8)}@example.com`)

export const cases: RouteCase[] = [
  {
    method: 'POST',
    route: '/v1/merchant/warranties/issue',
    request: () => ({ url: '/v1/merchant/warranties/issue', payload: { serialNumber: uniqueSerial() } }),
  },
  {
    method: 'GET',
    route: '/v1/merchant/warranties',
    request: () => ({ url: '/v1/merchant/warranties?limit=5' }),
  },
  {
    method: 'GET',
    route: '/v1/merchant/warranties/:id',
    request: async (w) => ({ url: `/v1/merchant/warranties/${(await warrantyOfA(w)).id}` }),
    tenantScoped: true,
  },
  {
    method: 'GET',
    route: '/v1/merchant/warranties/lookup/:identifier',
    request: async (w) => ({ url: `/v1/merchant/warranties/lookup/${(await warrantyOfA(w)).warrantyCode}` }),
    tenantScoped: true,
  },
  {
    method: 'POST',
    route: '/v1/merchant/warranties/:id/retry-mint',
    request: async (w) => {
      const warranty = await warrantyOfA(w)
      await setMint(w.svc.deps.db, warranty.id, { status: 'FAILED', attempts: 3, error: 'rpc timeout' })
      return { url: `/v1/merchant/warranties/${warranty.id}/retry-mint` }
    },
    tenantScoped: true,
  },
  {
    method: 'POST',
    route: '/v1/merchant/warranties/:id/resend-notification',
    request: async (w) => ({
      url: `/v1/merchant/warranties/${(await warrantyOfA(w)).id}/resend-notification`,
    }),
    tenantScoped: true,
  },
  {
    method: 'GET',
    route: '/v1/merchant/sender-addresses',
    request: () => ({ url: '/v1/merchant/sender-addresses' }),
  },
  {
    method: 'POST',
    route: '/v1/merchant/sender-addresses',
    request: () => ({
      url: '/v1/merchant/sender-addresses',
      payload: { email: `sender-${randomUUID().slice(0, 8)}@example.com` },
    }),
  },
  {
    method: 'DELETE',
    route: '/v1/merchant/sender-addresses/:id',
    request: async (w) => ({ url: `/v1/merchant/sender-addresses/${(await senderOfA(w)).id}` }),
    tenantScoped: true,
  },
  {
    method: 'POST',
    route: '/v1/merchant/sender-addresses/:id/resend-verification',
    request: async (w) => ({
      url: `/v1/merchant/sender-addresses/${(await senderOfA(w)).id}/resend-verification`,
    }),
    tenantScoped: true,
  },
  {
    method: 'GET',
    route: '/v1/global/sender-verify/:token',
    request: async (w) => {
      const address = await senderOfA(w)
      const [token] = await verifyTokensOf(w.svc.deps.db, address.id)
      return { url: `/v1/global/sender-verify/${token}` }
    },
  },
]
