import { and, eq, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { type AuditRow, auditLog } from '../../db/schema/index.js'
import type { Principal } from '../../http/auth.js'
import { afterCursor, decodeCursor, newestFirst, toPage } from '../../http/pagination.js'

/** Every action the audit log records, `<resource>.<verb>`. */
export const AUDIT_ACTIONS = [
  'merchant.create',
  'merchant.update',
  'merchant_user.create',
  'global_product.create',
  'global_product.update',
  'global_product.delete',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** Who is acting and in which request: what an audited service method needs from the route. */
export interface AuditContext {
  actor: Principal
  requestId: string
}

export interface AuditEntry {
  actor: Principal
  action: AuditAction
  targetType: string
  targetId: string | null
  before: unknown
  after: unknown
  requestId: string | null
}

export interface AuditRecord {
  id: string
  actorId: string | null
  actorEmail: string | null
  action: string
  targetType: string
  targetId: string | null
  before: unknown
  after: unknown
  requestId: string | null
  createdAt: string
}

export interface AuditQuery {
  limit?: number
  cursor?: string
  targetType?: string
  targetId?: string
  action?: string
}

// Snapshots are resource views, which never hold secrets; this is the second line of defence.
const SECRET_KEY = /password|secret|hash$|^token$/i

function redact(value: unknown): unknown {
  if (value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(redact)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, v]) => [key, redact(v)]),
    )
  }
  return value
}

function toRecord(row: AuditRow): AuditRecord {
  return {
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: row.requestId,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The audit log: who did what to which resource, written in the transaction of the change itself. */
export class AuditService {
  private readonly db: Db

  constructor(deps: { db: Db }) {
    this.db = deps.db
  }

  /** Writes one audit row; takes the change's transaction so that both commit or neither does. */
  async record(tx: Tx, entry: AuditEntry): Promise<void> {
    await tx.insert(auditLog).values({
      actorId: entry.actor.userId,
      actorEmail: entry.actor.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: redact(entry.before),
      after: redact(entry.after),
      requestId: entry.requestId,
    })
  }

  /** Newest first, optionally narrowed to one target, one target type or one action. */
  async list(query: AuditQuery): Promise<{ items: AuditRecord[]; nextCursor: string | null }> {
    const cursor = decodeCursor(query.cursor)
    const limit = query.limit ?? 50
    const filters: (SQL | undefined)[] = [
      query.targetType !== undefined ? eq(auditLog.targetType, query.targetType) : undefined,
      query.targetId !== undefined ? eq(auditLog.targetId, query.targetId) : undefined,
      query.action !== undefined ? eq(auditLog.action, query.action) : undefined,
      afterCursor(auditLog, cursor),
    ]
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(and(...filters))
      .orderBy(...newestFirst(auditLog))
      .limit(limit + 1)
    return toPage(rows, limit, toRecord)
  }
}
