import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { type PageResult, paginate } from '../../http/pagination.js'
import type { AuditContext, AuditService } from '../audit/index.js'
import {
  type AllowedServiceProviderRow,
  deleteAllowedServiceProvider,
  findAllowedServiceProvider,
  insertAllowedServiceProvider,
  listAllowedServiceProviders,
} from './allow-list.repository.js'
import { findServiceProvider, listActiveServiceProviders } from './service-providers.repository.js'
import type {
  AllowedServiceProvidersInput,
  AllowedServiceProviderView,
  ServiceProviderDirectoryInput,
  ServiceProviderListingView,
  ServiceProviderWithdrawnView,
} from './service-providers.schemas.js'

function allowedView(row: AllowedServiceProviderRow): AllowedServiceProviderView {
  return {
    id: row.id,
    name: row.name,
    contactEmail: row.contactEmail,
    phone: row.phone,
    address: row.address,
    status: row.status,
    allowedAt: row.createdAt.toISOString(),
  }
}

/**
 * A merchant's allow-list: the service providers that may work on its claims. Its OWNERs and
 * ADMINs allow and withdraw providers (audited); every user of the merchant reads the list.
 */
export class AllowListService {
  constructor(private readonly deps: { db: Db; audit: AuditService }) {}

  /** The providers the merchant allowed, the latest first; a suspended one shows `SUSPENDED`. */
  async list(
    merchantId: string,
    query: AllowedServiceProvidersInput,
  ): Promise<PageResult<AllowedServiceProviderView>> {
    return paginate(
      query,
      (window) => listAllowedServiceProviders(this.deps.db, merchantId, window),
      allowedView,
    )
  }

  /** Active providers to choose from: id and name only, newest first, `q` narrowing by name. */
  async directory(query: ServiceProviderDirectoryInput): Promise<PageResult<ServiceProviderListingView>> {
    return paginate(
      query,
      (window) => listActiveServiceProviders(this.deps.db, query.q, window),
      (row) => ({ id: row.id, name: row.name }),
    )
  }

  /**
   * Allows an active provider (unknown: 404; suspended: 409 invalid_state). Allowing one that is
   * already allowed answers it unchanged and records nothing.
   */
  async allow(
    ctx: AuditContext,
    merchantId: string,
    serviceProviderId: string,
  ): Promise<AllowedServiceProviderView> {
    return this.deps.db.transaction(async (tx) => {
      // Locked (shared would do): a suspension waits for the allow, or the allow sees it.
      const provider = await findServiceProvider(tx, serviceProviderId, true)
      if (!provider) throw new AppError('not_found', 'No such service provider')
      const already = await findAllowedServiceProvider(tx, merchantId, serviceProviderId)
      if (already) return allowedView(already)
      if (provider.status !== 'ACTIVE') {
        throw new AppError('invalid_state', 'The service provider is suspended: it cannot be allowed')
      }
      await insertAllowedServiceProvider(tx, merchantId, serviceProviderId)
      const row = await findAllowedServiceProvider(tx, merchantId, serviceProviderId)
      if (!row) throw new Error('the allowed provider is missing')
      const after = allowedView(row)
      await this.record(tx, ctx, 'merchant_service_provider.allow', merchantId, null, after)
      return after
    })
  }

  /** Takes a provider off the merchant's list (not on it: 404). */
  async withdraw(
    ctx: AuditContext,
    merchantId: string,
    serviceProviderId: string,
  ): Promise<ServiceProviderWithdrawnView> {
    return this.deps.db.transaction(async (tx) => {
      const before = await findAllowedServiceProvider(tx, merchantId, serviceProviderId)
      if (!before || !(await deleteAllowedServiceProvider(tx, merchantId, serviceProviderId))) {
        throw new AppError('not_found', 'The service provider is not on your list')
      }
      await this.record(tx, ctx, 'merchant_service_provider.withdraw', merchantId, allowedView(before), null)
      return { withdrawn: true as const, id: serviceProviderId }
    })
  }

  private record(
    tx: Parameters<AuditService['record']>[0],
    ctx: AuditContext,
    action: 'merchant_service_provider.allow' | 'merchant_service_provider.withdraw',
    merchantId: string,
    before: AllowedServiceProviderView | null,
    after: AllowedServiceProviderView | null,
  ) {
    const serviceProviderId = (after ?? before)?.id ?? null
    return this.deps.audit.record(tx, {
      ...ctx,
      action,
      targetType: 'merchant_service_provider',
      targetId: serviceProviderId,
      before: before && { merchantId, ...before },
      after: after && { merchantId, ...after },
    })
  }
}
