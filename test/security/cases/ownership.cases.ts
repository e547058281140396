import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { issueWarranty } from '../../support/warranty-factories.js'
import type { RouteCase, World } from '../world.js'

/** A warranty of tenant A issued to the world's customer (found by its e-mail). */
const walletWarranty = (w: World) => issueWarranty(w.svc, w.a.owner, { customerEmail: w.customer.email })

/** A fresh key with a challenge of the world's customer, signed. */
async function signedChallenge(w: World) {
  const account = privateKeyToAccount(generatePrivateKey())
  const { message } = await w.svc.services.ownership.wallets.challenge(w.customer.id, account.address)
  return { message, signature: await account.signMessage({ message }) }
}

/** Linked wallets, exports and resale: the customer's own (CUSTOMER only). */
export const cases: RouteCase[] = [
  {
    method: 'POST',
    route: '/v1/customer/wallets/challenge',
    request: () => ({
      url: '/v1/customer/wallets/challenge',
      payload: { address: privateKeyToAccount(generatePrivateKey()).address },
    }),
  },
  {
    method: 'POST',
    route: '/v1/customer/wallets',
    request: async (w) => ({ url: '/v1/customer/wallets', payload: await signedChallenge(w) }),
  },
  { method: 'GET', route: '/v1/customer/wallets', request: () => ({ url: '/v1/customer/wallets' }) },
  {
    method: 'DELETE',
    route: '/v1/customer/wallets/:address',
    request: () => ({ url: `/v1/customer/wallets/${privateKeyToAccount(generatePrivateKey()).address}` }),
    okStatuses: [404],
  },
  {
    method: 'GET',
    route: '/v1/customer/warranties/:id/ownership',
    request: async (w) => ({ url: `/v1/customer/warranties/${(await walletWarranty(w)).id}/ownership` }),
  },
  {
    method: 'POST',
    route: '/v1/customer/warranties/:id/export',
    // Not minted (no linked address either): admitted, then refused as not found.
    request: async (w) => ({
      url: `/v1/customer/warranties/${(await walletWarranty(w)).id}/export`,
      payload: { address: privateKeyToAccount(generatePrivateKey()).address },
    }),
    okStatuses: [404],
  },
  {
    method: 'POST',
    route: '/v1/customer/warranties/:id/give',
    request: async (w) => ({
      url: `/v1/customer/warranties/${(await walletWarranty(w)).id}/give`,
      payload: { email: `next-${Math.random().toString(36).slice(2, 8)}@example.com` },
    }),
  },
]
