import { AppError } from '../errors.js'
import type { PrincipalRecord } from './principal-cache.js'

/**
 * A user of a suspended service provider is refused at login and on every request, as a
 * suspended merchant's users are: 403 `provider_suspended` (docs/service-providers.md).
 */
export function refuseSuspendedProvider(
  user: Pick<PrincipalRecord, 'serviceProviderId' | 'serviceProviderStatus'>,
): void {
  if (user.serviceProviderId && user.serviceProviderStatus !== 'ACTIVE') {
    throw new AppError('provider_suspended')
  }
}
