import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { id, tstz } from './columns.js'

/** Who did what to which resource, with the state before and after: every admin action. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    /** `<resource>.<verb>`, e.g. `merchant.update`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
)

export type AuditRow = typeof auditLog.$inferSelect
