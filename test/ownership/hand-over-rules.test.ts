import { and, asc, eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadArtifact } from '../../src/adapters/chain/artifacts.js'
import { certificateTransfers, mailMessages, resaleOffers, warranties } from '../../src/db/schema/index.js'
import { claimThrough, uniqueCustomerEmail } from '../support/customer-factories.js'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { clientsOf, linkAccount, OUTSIDE_KEYS } from '../support/ownership-fixtures.js'
import { claimIdsOf, issueWarranty } from '../support/warranty-factories.js'

/**
 * The rules around a warranty changing hands: an export ends an open gift, a gift's link is
 * renewed for its new owner (never its giver), gifts are limited, a new owner does not see the
 * first buyer's price, and a token coming back to an address exported to long ago moves the
 * warranty like any other transfer.
 */
let svc: TestService

beforeAll(async () => {
  svc = await createTestService({ mint: true, env: { OWNERSHIP_SWEEP_SECONDS: '3600' } })
})
afterAll(() => svc?.close())

const [erin, frank] = OUTSIDE_KEYS.slice(2).map((k) => privateKeyToAccount(k)) as [
  ReturnType<typeof privateKeyToAccount>,
  ReturnType<typeof privateKeyToAccount>,
]

const wallet = (token: string, id: string) =>
  svc.request({ method: 'GET', url: `/v1/customer/warranties/${id}`, token })
const give = (token: string, id: string, email: string) =>
  svc.request({ method: 'POST', url: `/v1/customer/warranties/${id}/give`, token, payload: { email } })
const claim = (claimId: string) =>
  svc.request({ method: 'POST', url: '/v1/customer/auth/claim', payload: { claimId } })

/** A customer signed in through the claim link of a warranty issued with a price and an invoice. */
async function customerWithWarranty(label: string) {
  const tenant = await createMerchantWithUsers(svc.deps, `${label} shop`)
  const email = uniqueEmail(label)
  const warranty = await issueWarranty(svc, tenant.owner, {
    customerEmail: email,
    purchasePrice: 499.5,
    invoiceNumber: `INV-${label}`,
  })
  const [claimId] = await claimIdsOf(svc.deps.db, warranty.id)
  const session = await claimThrough(svc, claimId ?? '')
  return { tenant, email, warranty, token: session.token as string, id: session.user.id as string }
}

async function mintedToken(warrantyId: string): Promise<bigint> {
  const row = await waitFor(async () => {
    const [w] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, warrantyId))
    return w?.mintStatus === 'MINTED' ? w : null
  }, 30_000)
  return BigInt(row.tokenId ?? 0)
}

describe('a warranty changing hands', () => {
  it('an export ends an open gift: the gift link reads as expired and the address is stored as proved (EIP-55)', async () => {
    const seller = await customerWithWarranty('exporter')
    await mintedToken(seller.warranty.id)
    expect((await give(seller.token, seller.warranty.id, uniqueCustomerEmail('gift'))).statusCode).toBe(202)
    const giftClaim = (await claimIdsOf(svc.deps.db, seller.warranty.id)).at(-1) ?? ''
    await linkAccount(svc, seller.token, erin)

    const exported = await svc.request({
      method: 'POST',
      url: `/v1/customer/warranties/${seller.warranty.id}/export`,
      token: seller.token,
      payload: { address: erin.address.toLowerCase() },
    })
    expect(exported.statusCode).toBe(202)
    const [transfer] = await svc.deps.db
      .select()
      .from(certificateTransfers)
      .where(eq(certificateTransfers.warrantyId, seller.warranty.id))
    expect(transfer?.toAddress).toBe(getAddress(erin.address))
    const [offer] = await svc.deps.db
      .select()
      .from(resaleOffers)
      .where(eq(resaleOffers.warrantyId, seller.warranty.id))
    expect(offer?.status).toBe('CANCELLED')

    const late = await claim(giftClaim)
    expect(late.statusCode).toBe(401)
    expect(late.json()).toMatchObject({ error: 'expired' })
    expect((await wallet(seller.token, seller.warranty.id)).statusCode).toBe(200)
  })

  it("a gift's link is renewed for its new owner, never for its giver; the new owner sees no price or invoice", async () => {
    const seller = await customerWithWarranty('giver')
    const buyerEmail = uniqueCustomerEmail('taker')
    expect((await give(seller.token, seller.warranty.id, buyerEmail)).statusCode).toBe(202)
    const giftClaim = (await claimIdsOf(svc.deps.db, seller.warranty.id)).at(-1) ?? ''

    const resent = await svc.request({
      method: 'POST',
      url: '/v1/customer/auth/resend-link',
      payload: { claimId: giftClaim },
    })
    expect(resent.statusCode).toBeLessThan(300)
    const mails = await svc.deps.db
      .select({ to: mailMessages.toAddress })
      .from(mailMessages)
      .where(eq(mailMessages.subjectId, seller.warranty.id))
      .orderBy(asc(mailMessages.createdAt))
    // Issue (to the seller), the gift and its renewal (both to the buyer).
    expect(mails.map((m) => m.to)).toEqual([seller.email, buyerEmail, buyerEmail])
    expect((await claim(giftClaim)).json()).toMatchObject({ error: 'expired' })

    const renewed = (await claimIdsOf(svc.deps.db, seller.warranty.id)).at(-1) ?? ''
    const buyer = await claimThrough(svc, renewed)
    const theirs = await wallet(buyer.token, seller.warranty.id)
    expect(theirs.statusCode).toBe(200)
    expect(theirs.json()).toMatchObject({ purchasePrice: null, invoiceNumber: null })
    // The merchant keeps its sale record.
    const merchantView = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/${seller.warranty.id}`,
      token: seller.tenant.owner.token,
    })
    expect(merchantView.json()).toMatchObject({ purchasePrice: 499.5, invoiceNumber: 'INV-giver' })
  })

  it('limits gifts: the sixth within an hour answers 429 with Retry-After and sends nothing', async () => {
    const seller = await customerWithWarranty('generous')
    for (let i = 0; i < 5; i++) {
      expect((await give(seller.token, seller.warranty.id, uniqueCustomerEmail(`g${i}`))).statusCode).toBe(
        202,
      )
    }
    const over = await give(seller.token, seller.warranty.id, uniqueCustomerEmail('g5'))
    expect(over.statusCode).toBe(429)
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    const open = await svc.deps.db
      .select()
      .from(resaleOffers)
      .where(and(eq(resaleOffers.warrantyId, seller.warranty.id), eq(resaleOffers.status, 'OPEN')))
    expect(open).toHaveLength(1)
  })

  it('a token coming back to an address exported to long ago moves the warranty back to that customer', async () => {
    const first = await customerWithWarranty('roundtrip')
    const tokenId = await mintedToken(first.warranty.id)
    await linkAccount(svc, first.token, frank)
    const exported = await svc.request({
      method: 'POST',
      url: `/v1/customer/warranties/${first.warranty.id}/export`,
      token: first.token,
      payload: { address: frank.address },
    })
    expect(exported.statusCode).toBe(202)
    await waitFor(async () => {
      await svc.services.ownership.runOnce()
      const [t] = await svc.deps.db
        .select()
        .from(certificateTransfers)
        .where(eq(certificateTransfers.warrantyId, first.warranty.id))
      return t?.status === 'CONFIRMED'
    }, 30_000)

    // Frank's key sends the token to an outside address nobody proved: the warranty leaves.
    const { abi } = await loadArtifact('WarrantyCertificate')
    const outsider = privateKeyToAccount(OUTSIDE_KEYS[0])
    const send = async (from: typeof frank, to: string) => {
      const c = clientsOf(svc, from)
      await c.publicClient.waitForTransactionReceipt({
        hash: await c.walletClient.writeContract({
          address: svc.deps.chain.contractAddress,
          abi,
          functionName: 'transferFrom',
          args: [from.address, to, tokenId],
        }),
      })
    }
    await send(frank, outsider.address)
    await svc.services.ownership.runOnce()
    expect((await wallet(first.token, first.warranty.id)).statusCode).toBe(404)

    // It comes back to Frank's address, still linked to the first customer: theirs again.
    await send(outsider, frank.address)
    await svc.services.ownership.runOnce()
    expect((await wallet(first.token, first.warranty.id)).statusCode).toBe(200)
  })
})
