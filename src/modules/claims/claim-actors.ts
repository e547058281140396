import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { principalOf } from '../../http/auth.js'
import type { ClaimActor } from './claims.service.js'

/** The claim actor of a request on a customer route. */
export function customerActor(request: FastifyRequest): Extract<ClaimActor, { party: 'CUSTOMER' }> {
  return { party: 'CUSTOMER', userId: principalOf(request).userId }
}

/** The claim actor of a request on a merchant route. */
export function merchantActor(request: FastifyRequest): Extract<ClaimActor, { party: 'MERCHANT' }> {
  const p = principalOf(request)
  if (!p.merchantId) throw new AppError('forbidden')
  return { party: 'MERCHANT', userId: p.userId, merchantId: p.merchantId, merchantRole: p.merchantRole }
}

/** The claim actor of a request on a service-provider route. */
export function providerActor(request: FastifyRequest): Extract<ClaimActor, { party: 'SERVICE_PROVIDER' }> {
  const p = principalOf(request)
  if (!p.serviceProviderId) throw new AppError('forbidden')
  return { party: 'SERVICE_PROVIDER', userId: p.userId, serviceProviderId: p.serviceProviderId }
}

/** Photos are the claim's parties' only: cached by the client alone, an hour. */
export const PHOTO_CACHE = 'private, max-age=3600'
