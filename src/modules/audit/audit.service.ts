import type { Db, Tx } from '../../db/client.js'
import type { AuditRow } from '../../db/schema/index.js'
import type { Principal } from '../../http/auth.js'
import { type PageResult, paginate } from '../../http/pagination.js'
import { insertAuditRow, listAuditRows } from './audit.repository.js'
import type { AuditQueryInput, AuditRecordView } from './audit.schemas.js'

/** Every action the audit log records, `<resource>.<verb>`. */
export const AUDIT_ACTIONS = [
  'merchant.create',
  'merchant.update',
  'merchant_user.create',
  'merchant_user.invite',
  'admin_user.create',
  'admin_user.invite',
  'service_provider_user.invite',
  'staff_user.invitation_resend',
  'staff_user.invitation_revoke',
  'staff_user.suspend',
  'staff_user.reactivate',
  'staff_user.remove',
  'global_product.create',
  'global_product.update',
  'global_product.delete',
  'service_provider.create',
  'service_provider.update',
  'service_provider_user.create',
  'merchant_service_provider.allow',
  'merchant_service_provider.withdraw',
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

function toRecord(row: AuditRow): AuditRecordView {
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
    await insertAuditRow(tx, {
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
  async list(query: AuditQueryInput): Promise<PageResult<AuditRecordView>> {
    const filter = { targetType: query.targetType, targetId: query.targetId, action: query.action }
    return paginate(query, (window) => listAuditRows(this.db, filter, window), toRecord)
  }
}
