import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { merchantServiceProviders, warranties } from '../../src/db/schema/index.js'
import type { TestUser } from './factories.js'
import type { TestService } from './harness.js'
import { issueWarranty } from './warranty-factories.js'

/** A small JPEG as standard base64 (what a phone sends after scaling). */
export async function photoBase64(colour = '#c33'): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: 'PhoneCo', Model: 'Snap 9' } } })
    .toBuffer()
  return bytes.toString('base64')
}

/**
 * A warranty of the merchant of `staff`, in the customer's wallet (claimed), with options. Issued
 * without an address (no claim e-mail, so the merchant's daily e-mail quota is never reached by
 * the many warranties the walks make), then put in the wallet directly.
 */
export async function walletWarranty(
  svc: TestService,
  staff: TestUser,
  customer: TestUser,
  input: Parameters<typeof issueWarranty>[2] = {},
) {
  const w = await issueWarranty(svc, staff, input)
  await svc.deps.db
    .update(warranties)
    .set({ customerId: customer.id, customerEmail: customer.email, claimedAt: new Date() })
    .where(eq(warranties.id, w.id))
  return w
}

/** Opens a claim through the service (no HTTP). */
export function openClaim(
  svc: TestService,
  customer: TestUser,
  warrantyId: string,
  description = 'It stopped working',
) {
  return svc.services.claims.open(customer.id, warrantyId, { category: 'NOT_WORKING', description })
}

const merchantActor = (u: TestUser, role: 'OWNER' | 'ADMIN' | 'USER' = 'OWNER') => ({
  party: 'MERCHANT' as const,
  userId: u.id,
  merchantId: u.merchantId ?? '',
  merchantRole: role,
})

/** A claim of `customer` on a fresh warranty of the owner's merchant, moved to `status`. */
export async function claimIn(
  svc: TestService,
  owner: TestUser,
  customer: TestUser,
  status: 'SUBMITTED' | 'INFO_REQUESTED' | 'APPROVED' | 'ASSIGNED' | 'IN_REPAIR',
  provider?: TestUser,
) {
  const w = await walletWarranty(svc, owner, customer)
  const claim = await openClaim(svc, customer, w.id)
  const { claims } = svc.services
  if (status === 'INFO_REQUESTED') await claims.requestInfo(merchantActor(owner), claim.id, 'Which colour?')
  if (status === 'SUBMITTED' || status === 'INFO_REQUESTED') return { warranty: w, claim }
  await claims.approve(merchantActor(owner), claim.id, null)
  if (status === 'APPROVED') return { warranty: w, claim }
  if (!provider?.serviceProviderId) throw new Error('a provider user is needed')
  await allowProvider(svc, owner.merchantId ?? '', provider.serviceProviderId)
  await claims.assign(merchantActor(owner), claim.id, provider.serviceProviderId, null)
  if (status === 'IN_REPAIR')
    await claims.startRepair(
      { party: 'SERVICE_PROVIDER', userId: provider.id, serviceProviderId: provider.serviceProviderId },
      claim.id,
      'Loose connector',
    )
  return { warranty: w, claim }
}

export async function allowProvider(svc: TestService, merchantId: string, serviceProviderId: string) {
  await svc.deps.db
    .insert(merchantServiceProviders)
    .values({ merchantId, serviceProviderId })
    .onConflictDoNothing()
}
