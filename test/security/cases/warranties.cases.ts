import { randomUUID } from 'node:crypto'
import { senderAddresses } from '../../../src/db/schema/index.js'
import { createOneTimeToken } from '../../../src/lib/one-time-tokens.js'
import { issueWarranty, setMint, uniqueSerial } from '../../support/warranty-factories.js'
import type { RouteCase, World } from '../world.js'

/** A fresh warranty of tenant A, with a customer e-mail (so it can be resent). */
const warrantyOfA = (w: World) =>
  issueWarranty(w.svc, w.a.owner, { customerEmail: `buyer-${randomUUID().slice(0, 8)}@example.com` })

/**
 * A fresh, unverified sender address of tenant A with a known verification token, written
 * directly: the walk calls these routes many times, and registering through the service would
 * meet its (tested) hourly limits.
 */
async function senderOfA(w: World): Promise<{ id: string; token: string }> {
  const { token, hash } = createOneTimeToken()
  const [row] = await w.svc.deps.db
    .insert(senderAddresses)
    .values({
      merchantId: w.a.merchant.id,
      email: `sender-${randomUUID().slice(0, 8)}@example.com`,
      verifyTokenHash: hash,
      verifyExpiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: senderAddresses.id })
  return { id: row!.id, token }
}

/** A CSV of one fresh serial, as the imports route takes it. */
const csvOfOne = () => ({
  headers: { 'content-type': 'text/csv' },
  payload: `serialNumber,invoiceNumber\n${uniqueSerial()},INV-1\n`,
})

/** A fresh import of tenant A (one line), uploaded through the service. */
async function importOfA(w: World): Promise<string> {
  const res = await w.svc.request({
    method: 'POST',
    url: '/v1/merchant/warranties/imports',
    token: w.a.owner.token,
    ...csvOfOne(),
  })
  if (res.statusCode !== 202) throw new Error(`import not created: ${res.statusCode} ${res.body}`)
  return res.json().id
}

export const cases: RouteCase[] = [
  {
    method: 'POST',
    route: '/v1/merchant/warranties/issue',
    request: () => ({ url: '/v1/merchant/warranties/issue', payload: { serialNumber: uniqueSerial() } }),
  },
  {
    method: 'POST',
    route: '/v1/merchant/warranties/bulk',
    request: () => ({
      url: '/v1/merchant/warranties/bulk',
      payload: { items: [{ serialNumber: uniqueSerial() }] },
    }),
  },
  {
    method: 'POST',
    route: '/v1/merchant/warranties/imports',
    request: () => ({ url: '/v1/merchant/warranties/imports', ...csvOfOne() }),
  },
  {
    method: 'GET',
    route: '/v1/merchant/warranties/imports',
    request: () => ({ url: '/v1/merchant/warranties/imports?limit=5' }),
  },
  {
    method: 'GET',
    route: '/v1/merchant/warranties/imports/:id',
    request: async (w) => ({ url: `/v1/merchant/warranties/imports/${await importOfA(w)}?errorsLimit=10` }),
    tenantScoped: true,
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
      const { token } = await senderOfA(w)
      return { url: `/v1/global/sender-verify/${token}` }
    },
  },
]
