import type { Db, DbOrTx } from '../../db/client.js'
import type { MerchantRow } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { type PageResult, paginate } from '../../http/pagination.js'
import { accountFields } from '../../http/schemas.js'
import { DEFAULT_CURRENCY, isCurrencyCode } from '../../lib/currencies.js'
import type { AuditContext, AuditService } from '../audit/index.js'
import { hashPassword } from '../auth/index.js'
import { insertUser } from '../users/index.js'
import {
  findMerchant,
  findMerchantUser,
  insertMerchant,
  listMerchants,
  listMerchantUsers,
  type MerchantUserRow,
  updateMerchant,
} from './merchants.repository.js'
import type {
  CreateMerchantInput,
  CreateMerchantUserInput,
  MerchantListInput,
  MerchantSettingsView,
  MerchantUsersInput,
  MerchantUserView,
  MerchantView,
  UpdateMerchantInput,
} from './merchants.schemas.js'

function merchantView(row: MerchantRow): MerchantView {
  return {
    id: row.id,
    name: row.name,
    taxId: row.taxId,
    address: row.address,
    phone: row.phone,
    contactEmail: row.contactEmail,
    status: row.status,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

function merchantUserView(row: MerchantUserRow, merchantId: string): MerchantUserView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: 'MERCHANT_USER',
    merchantId,
    // Set for every user of a merchant (a CHECK constraint of the users table).
    merchantRole: row.merchantRole ?? 'USER',
    ...accountFields(row),
  }
}

/** 400 for a code that is not an active ISO 4217 currency (the schema checks only its shape). */
function checkCurrency(currency: string | undefined): void {
  if (currency !== undefined && !isCurrencyCode(currency)) {
    throw new AppError('validation_error', undefined, [
      { path: '/body/currency', message: 'must be an active ISO 4217 currency code, e.g. EUR, USD, GBP' },
    ])
  }
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>

/** Merchants (organisations) and their users, run by admins; every change is audited. */
export class MerchantsService {
  private readonly db: Db
  private readonly audit: AuditService

  constructor(deps: { db: Db; audit: AuditService }) {
    this.db = deps.db
    this.audit = deps.audit
  }

  async create(ctx: AuditContext, input: CreateMerchantInput): Promise<MerchantView> {
    checkCurrency(input.currency)
    return this.db.transaction(async (tx) => {
      const row = await insertMerchant(tx, {
        name: input.name,
        taxId: input.taxId ?? null,
        address: input.address ?? null,
        phone: input.phone ?? null,
        contactEmail: input.contactEmail ?? null,
        currency: input.currency ?? DEFAULT_CURRENCY,
      })
      const after = merchantView(row)
      await this.audit.record(tx, {
        ...ctx,
        action: 'merchant.create',
        targetType: 'merchant',
        targetId: row.id,
        before: null,
        after,
      })
      return after
    })
  }

  /** Newest first; `status` and `q` (name contains, case-insensitive) narrow the list. */
  async list(query: MerchantListInput): Promise<PageResult<MerchantView>> {
    const filter = { status: query.status, nameContains: query.q }
    return paginate(query, (window) => listMerchants(this.db, filter, window), merchantView)
  }

  async get(id: string): Promise<MerchantView> {
    return merchantView(await this.findOrThrow(this.db, id))
  }

  /** Changes only the fields sent; `status` suspends or reactivates the merchant at once. */
  async update(ctx: AuditContext, id: string, input: UpdateMerchantInput): Promise<MerchantView> {
    checkCurrency(input.currency)
    return this.db.transaction(async (tx) => {
      const before = merchantView(await this.findOrThrow(tx, id, true))
      const row = await updateMerchant(tx, id, {
        ...optional('name', input.name),
        ...optional('taxId', input.taxId),
        ...optional('address', input.address),
        ...optional('phone', input.phone),
        ...optional('contactEmail', input.contactEmail),
        ...optional('status', input.status),
        ...optional('currency', input.currency),
      })
      if (!row) throw new AppError('not_found', 'No such merchant')
      const after = merchantView(row)
      await this.audit.record(tx, {
        ...ctx,
        action: 'merchant.update',
        targetType: 'merchant',
        targetId: id,
        before,
        after,
      })
      return after
    })
  }

  /** The caller's merchant as its staff see it: name and currency. */
  async settings(merchantId: string): Promise<MerchantSettingsView> {
    const row = await this.findOrThrow(this.db, merchantId)
    return { merchantId: row.id, name: row.name, currency: row.currency }
  }

  /** The merchant's currency, set by its OWNER or ADMIN (audited as a merchant update). */
  async updateSettings(
    ctx: AuditContext,
    merchantId: string,
    input: { currency: string },
  ): Promise<MerchantSettingsView> {
    await this.update(ctx, merchantId, { currency: input.currency })
    return this.settings(merchantId)
  }

  /** A user of the merchant who logs in with this e-mail (any case) and password. */
  async createUser(
    ctx: AuditContext,
    merchantId: string,
    input: CreateMerchantUserInput,
  ): Promise<MerchantUserView> {
    const passwordHash = await hashPassword(input.password)
    return this.db.transaction(async (tx) => {
      await this.findOrThrow(tx, merchantId)
      const inserted = await insertUser(tx, {
        email: input.email,
        passwordHash,
        name: input.name,
        role: 'MERCHANT_USER',
        merchantId,
        merchantRole: input.merchantRole ?? 'USER',
      })
      if (!inserted) throw new AppError('conflict', 'A user with this e-mail already exists')
      const row = await findMerchantUser(tx, inserted.id)
      if (!row) throw new Error('the inserted user is missing')
      const after = merchantUserView(row, merchantId)
      await this.audit.record(tx, {
        ...ctx,
        action: 'merchant_user.create',
        targetType: 'merchant_user',
        targetId: row.id,
        before: null,
        after,
      })
      return after
    })
  }

  /** Newest first; an unknown merchant answers 404 (a malformed cursor 400 before that). */
  async listUsers(merchantId: string, query: MerchantUsersInput): Promise<PageResult<MerchantUserView>> {
    return paginate(
      query,
      async (window) => {
        await this.findOrThrow(this.db, merchantId)
        return listMerchantUsers(this.db, merchantId, window)
      },
      (row) => merchantUserView(row, merchantId),
    )
  }

  private async findOrThrow(db: DbOrTx, id: string, forUpdate = false): Promise<MerchantRow> {
    const row = await findMerchant(db, id, forUpdate)
    if (!row) throw new AppError('not_found', 'No such merchant')
    return row
  }
}
