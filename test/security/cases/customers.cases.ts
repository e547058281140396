import { randomUUID } from 'node:crypto'
import { insertClaimLink, insertMagicLink } from '../../support/customer-factories.js'
import { issueWarranty } from '../../support/warranty-factories.js'
import type { RouteCase, World } from '../world.js'

/** A fresh open claim link of the world's customer, at tenant A. */
const claimIdOf = (w: World) =>
  insertClaimLink(w.svc.deps.db, { customerId: w.customer.id, merchantId: w.a.merchant.id })

/** A warranty of tenant A issued to the world's customer (found by its e-mail). */
const walletWarranty = (w: World) => issueWarranty(w.svc, w.a.owner, { customerEmail: w.customer.email })

/** Customer sign-in (public) and the customer's own routes (CUSTOMER only). */
export const cases: RouteCase[] = [
  {
    method: 'GET',
    route: '/v1/customer/auth/validate-claim',
    request: async (w) => ({ url: `/v1/customer/auth/validate-claim?claimId=${await claimIdOf(w)}` }),
  },
  {
    method: 'POST',
    route: '/v1/customer/auth/claim',
    request: async (w) => ({ url: '/v1/customer/auth/claim', payload: { claimId: await claimIdOf(w) } }),
  },
  {
    method: 'POST',
    route: '/v1/customer/auth/resend-link',
    request: () => ({ url: '/v1/customer/auth/resend-link', payload: { claimId: randomUUID() } }),
  },
  {
    method: 'POST',
    route: '/v1/customer/auth/request-access',
    request: () => ({
      url: '/v1/customer/auth/request-access',
      payload: { email: `walk-${randomUUID().slice(0, 8)}@example.com` },
    }),
  },
  {
    method: 'GET',
    route: '/v1/customer/auth/validate',
    request: async (w) => ({
      url: `/v1/customer/auth/validate?token=${await insertMagicLink(w.svc.deps.db, w.customer.id)}`,
    }),
  },
  {
    method: 'POST',
    route: '/v1/customer/auth/magic-link',
    request: async (w) => ({
      url: '/v1/customer/auth/magic-link',
      payload: { token: await insertMagicLink(w.svc.deps.db, w.customer.id) },
    }),
  },
  { method: 'GET', route: '/v1/customer/me', request: () => ({ url: '/v1/customer/me' }) },
  {
    method: 'PATCH',
    route: '/v1/customer/me',
    request: () => ({ url: '/v1/customer/me', payload: { reminderDaysBeforeExpiry: 10 } }),
  },
  {
    method: 'GET',
    route: '/v1/customer/warranties',
    request: () => ({ url: '/v1/customer/warranties?limit=5' }),
  },
  {
    method: 'GET',
    route: '/v1/customer/warranties/:id',
    request: async (w) => ({ url: `/v1/customer/warranties/${(await walletWarranty(w)).id}` }),
  },
  {
    method: 'POST',
    route: '/v1/customer/sign-out-everywhere',
    // Without the confirmation: admitted callers get 400 and the walk's customer keeps its token.
    request: () => ({ url: '/v1/customer/sign-out-everywhere', payload: { confirm: false } }),
    okStatuses: [400],
  },
  {
    method: 'GET',
    route: '/v1/customer/inbox-address',
    request: () => ({ url: '/v1/customer/inbox-address' }),
  },
]
