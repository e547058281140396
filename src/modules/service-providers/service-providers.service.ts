import type { Db, DbOrTx } from '../../db/client.js'
import type { ServiceProviderRow } from '../../db/schema/index.js'
import { isUniqueViolation } from '../../db/sql-helpers.js'
import { AppError } from '../../errors.js'
import { type PageResult, paginate } from '../../http/pagination.js'
import { accountFields } from '../../http/schemas.js'
import type { AuditContext, AuditService } from '../audit/index.js'
import { hashPassword } from '../auth/index.js'
import { insertUser } from '../users/index.js'
import {
  findServiceProvider,
  findServiceProviderUser,
  insertServiceProvider,
  listServiceProviders,
  listServiceProviderUsers,
  PROVIDER_NAME_UNIQUE,
  type ServiceProviderUserRow,
  updateServiceProvider,
} from './service-providers.repository.js'
import type {
  CreateServiceProviderInput,
  CreateServiceProviderUserInput,
  ServiceProviderListInput,
  ServiceProviderUsersInput,
  ServiceProviderUserView,
  ServiceProviderView,
  UpdateServiceProviderInput,
} from './service-providers.schemas.js'

export function serviceProviderView(row: ServiceProviderRow): ServiceProviderView {
  return {
    id: row.id,
    name: row.name,
    contactEmail: row.contactEmail,
    phone: row.phone,
    address: row.address,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

function providerUserView(row: ServiceProviderUserRow, serviceProviderId: string): ServiceProviderUserView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: 'SERVICE_PROVIDER',
    serviceProviderId,
    ...accountFields(row),
  }
}

/** Runs a write, turning a taken provider name into 409 conflict. */
async function nameUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err, PROVIDER_NAME_UNIQUE)) {
      throw new AppError('conflict', 'A service provider with this name already exists')
    }
    throw err
  }
}

/** Only the fields the request sent (undefined: unchanged; null: cleared). */
function sent<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>
}

/**
 * Service providers (organisations) and their users, run by admins; every change is audited.
 * Suspending a provider locks its users out at once (docs/service-providers.md).
 */
export class ServiceProvidersService {
  constructor(private readonly deps: { db: Db; audit: AuditService }) {}

  async create(ctx: AuditContext, input: CreateServiceProviderInput): Promise<ServiceProviderView> {
    return nameUnique(() =>
      this.deps.db.transaction(async (tx) => {
        const row = await insertServiceProvider(tx, {
          name: input.name,
          contactEmail: input.contactEmail,
          phone: input.phone ?? null,
          address: input.address ?? null,
        })
        const after = serviceProviderView(row)
        await this.deps.audit.record(tx, {
          ...ctx,
          action: 'service_provider.create',
          targetType: 'service_provider',
          targetId: row.id,
          before: null,
          after,
        })
        return after
      }),
    )
  }

  /** Newest first; `status` and `q` (name contains, case-insensitive) narrow the list. */
  async list(query: ServiceProviderListInput): Promise<PageResult<ServiceProviderView>> {
    const filter = { status: query.status, nameContains: query.q }
    return paginate(
      query,
      (window) => listServiceProviders(this.deps.db, filter, window),
      serviceProviderView,
    )
  }

  async get(id: string): Promise<ServiceProviderView> {
    return serviceProviderView(await this.findOrThrow(this.deps.db, id))
  }

  /** Changes only the fields sent; `status` suspends or reactivates the provider at once. */
  async update(
    ctx: AuditContext,
    id: string,
    input: UpdateServiceProviderInput,
  ): Promise<ServiceProviderView> {
    return nameUnique(() =>
      this.deps.db.transaction(async (tx) => {
        const before = serviceProviderView(await this.findOrThrow(tx, id, true))
        const row = await updateServiceProvider(tx, id, sent(input))
        if (!row) throw new AppError('not_found', 'No such service provider')
        const after = serviceProviderView(row)
        await this.deps.audit.record(tx, {
          ...ctx,
          action: 'service_provider.update',
          targetType: 'service_provider',
          targetId: id,
          before,
          after,
        })
        return after
      }),
    )
  }

  /** A user of the provider (role SERVICE_PROVIDER) who logs in with this e-mail (any case) and password. */
  async createUser(
    ctx: AuditContext,
    serviceProviderId: string,
    input: CreateServiceProviderUserInput,
  ): Promise<ServiceProviderUserView> {
    const passwordHash = await hashPassword(input.password)
    return this.deps.db.transaction(async (tx) => {
      await this.findOrThrow(tx, serviceProviderId)
      const inserted = await insertUser(tx, {
        email: input.email,
        passwordHash,
        name: input.name,
        role: 'SERVICE_PROVIDER',
        serviceProviderId,
      })
      if (!inserted) throw new AppError('conflict', 'A user with this e-mail already exists')
      const row = await findServiceProviderUser(tx, inserted.id)
      if (!row) throw new Error('the inserted user is missing')
      const after = providerUserView(row, serviceProviderId)
      await this.deps.audit.record(tx, {
        ...ctx,
        action: 'service_provider_user.create',
        targetType: 'service_provider_user',
        targetId: row.id,
        before: null,
        after,
      })
      return after
    })
  }

  /** Newest first; an unknown provider answers 404 (a malformed cursor 400 before that). */
  async listUsers(
    serviceProviderId: string,
    query: ServiceProviderUsersInput,
  ): Promise<PageResult<ServiceProviderUserView>> {
    return paginate(
      query,
      async (window) => {
        await this.findOrThrow(this.deps.db, serviceProviderId)
        return listServiceProviderUsers(this.deps.db, serviceProviderId, window)
      },
      (row) => providerUserView(row, serviceProviderId),
    )
  }

  private async findOrThrow(db: DbOrTx, id: string, forUpdate = false): Promise<ServiceProviderRow> {
    const row = await findServiceProvider(db, id, forUpdate)
    if (!row) throw new AppError('not_found', 'No such service provider')
    return row
  }
}
