import { randomUUID } from 'node:crypto'
import type { Db } from '../../src/db/client.js'
import { claimLinks, magicLinks } from '../../src/db/schema/index.js'
import { createOneTimeToken } from '../../src/lib/one-time-tokens.js'
import type { TestService } from './harness.js'
import { mailsAbout } from './warranty-factories.js'

export const uniqueCustomerEmail = (label = 'customer') => `${label}-${randomUUID().slice(0, 8)}@example.com`

/**
 * A claim link for a customer, written directly (no warranty, no e-mail): what a landing page
 * test needs. `expiresInMs` negative for an expired one.
 */
export async function insertClaimLink(
  db: Db,
  link: { customerId: string; merchantId?: string | null; warrantyId?: string | null; expiresInMs?: number },
): Promise<string> {
  const { token, hash } = createOneTimeToken()
  await db.insert(claimLinks).values({
    customerId: link.customerId,
    merchantId: link.merchantId ?? null,
    warrantyId: link.warrantyId ?? null,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + (link.expiresInMs ?? 86_400_000)),
  })
  return token
}

/** A magic link for a customer, written directly; `expiresInMs` negative for an expired one. */
export async function insertMagicLink(
  db: Db,
  customerId: string,
  options: { expiresInMs?: number; used?: boolean } = {},
): Promise<string> {
  const { token, hash } = createOneTimeToken()
  await db.insert(magicLinks).values({
    customerId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + (options.expiresInMs ?? 600_000)),
    usedAt: options.used ? new Date() : null,
  })
  return token
}

/** The sign-in tokens e-mailed to a customer (read from the recorded messages), oldest first. */
export async function magicTokensOf(db: Db, customerId: string): Promise<string[]> {
  const mails = await mailsAbout(db, 'customer', customerId)
  return mails.map((m) => new URL((m.data as { url: string }).url).searchParams.get('token') ?? '')
}

/** Signs a customer in through a claim id (the HTTP route), answering the whole claim answer. */
export async function claimThrough(svc: TestService, claimId: string, focusWarrantyId?: string) {
  const res = await svc.request({
    method: 'POST',
    url: '/v1/customer/auth/claim',
    payload: { claimId, ...(focusWarrantyId ? { focusWarrantyId } : {}) },
  })
  if (res.statusCode !== 200) throw new Error(`claim answered ${res.statusCode}: ${res.body}`)
  return res.json()
}
