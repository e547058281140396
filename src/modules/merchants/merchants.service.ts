import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import {
  type MerchantRole,
  type MerchantRow,
  type MerchantStatus,
  merchants,
  type UserStatus,
  users,
} from '../../db/schema/index.js'
import { contains } from '../../db/sql-helpers.js'
import { AppError } from '../../errors.js'
import { afterCursor, decodeCursor, newestFirst, toPage } from '../../http/pagination.js'
import type { AuditContext, AuditService } from '../audit/index.js'
import { hashPassword } from '../auth/index.js'
import { insertUser } from '../users/index.js'
import type {
  CreateMerchantInput,
  CreateMerchantUserInput,
  MerchantListInput,
  UpdateMerchantInput,
} from './merchants.schemas.js'

export interface MerchantView {
  id: string
  name: string
  taxId: string | null
  address: string | null
  phone: string | null
  contactEmail: string | null
  status: MerchantStatus
  createdAt: string
  updatedAt: string
}

export interface MerchantUserView {
  id: string
  email: string
  name: string | null
  role: 'MERCHANT_USER'
  merchantId: string
  merchantRole: MerchantRole
  status: UserStatus
  lastLoginAt: string | null
  createdAt: string
  updatedAt: string
}

export interface Page<T> {
  items: T[]
  nextCursor: string | null
}

function merchantView(row: MerchantRow): MerchantView {
  return {
    id: row.id,
    name: row.name,
    taxId: row.taxId,
    address: row.address,
    phone: row.phone,
    contactEmail: row.contactEmail,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

// Never the password hash: only these columns of a merchant user ever leave the database.
const merchantUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  merchantRole: users.merchantRole,
  status: users.status,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}
interface MerchantUserRow {
  id: string
  email: string
  name: string | null
  merchantRole: MerchantRole | null
  status: UserStatus
  lastLoginAt: Date | null
  createdAt: Date
  updatedAt: Date
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
    status: row.status,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
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
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(merchants)
        .values({
          name: input.name,
          taxId: input.taxId ?? null,
          address: input.address ?? null,
          phone: input.phone ?? null,
          contactEmail: input.contactEmail ?? null,
        })
        .returning()
      if (!row) throw new Error('the merchant insert returned no row')
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
  async list(query: MerchantListInput): Promise<Page<MerchantView>> {
    const cursor = decodeCursor(query.cursor)
    const limit = query.limit ?? 50
    const filters: (SQL | undefined)[] = [
      query.status ? eq(merchants.status, query.status) : undefined,
      query.q ? contains(merchants.name, query.q) : undefined,
      afterCursor(merchants, cursor),
    ]
    const rows = await this.db
      .select()
      .from(merchants)
      .where(and(...filters))
      .orderBy(...newestFirst(merchants))
      .limit(limit + 1)
    return toPage(rows, limit, merchantView)
  }

  async get(id: string): Promise<MerchantView> {
    return merchantView(await this.findOrThrow(this.db, id))
  }

  /** Changes only the fields sent; `status` suspends or reactivates the merchant at once. */
  async update(ctx: AuditContext, id: string, input: UpdateMerchantInput): Promise<MerchantView> {
    return this.db.transaction(async (tx) => {
      const before = merchantView(await this.findOrThrow(tx, id, true))
      const [row] = await tx
        .update(merchants)
        .set({
          ...optional('name', input.name),
          ...optional('taxId', input.taxId),
          ...optional('address', input.address),
          ...optional('phone', input.phone),
          ...optional('contactEmail', input.contactEmail),
          ...optional('status', input.status),
          updatedAt: sql`now()`,
        })
        .where(eq(merchants.id, id))
        .returning()
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
      const [row] = await tx.select(merchantUserColumns).from(users).where(eq(users.id, inserted.id))
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

  async listUsers(
    merchantId: string,
    query: { limit?: number; cursor?: string },
  ): Promise<Page<MerchantUserView>> {
    const cursor = decodeCursor(query.cursor)
    const limit = query.limit ?? 50
    await this.findOrThrow(this.db, merchantId)
    const rows = await this.db
      .select(merchantUserColumns)
      .from(users)
      .where(and(eq(users.merchantId, merchantId), afterCursor(users, cursor)))
      .orderBy(...newestFirst(users))
      .limit(limit + 1)
    return toPage(rows, limit, (row) => merchantUserView(row, merchantId))
  }

  private async findOrThrow(db: DbOrTx, id: string, forUpdate = false): Promise<MerchantRow> {
    const query = db.select().from(merchants).where(eq(merchants.id, id)).limit(1)
    const [row] = forUpdate ? await query.for('update') : await query
    if (!row) throw new AppError('not_found', 'No such merchant')
    return row
  }
}
