import { eq, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import { type AuditRow, auditLog } from '../../db/schema/index.js'

export type NewAuditRow = typeof auditLog.$inferInsert

export async function insertAuditRow(db: DbOrTx, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row)
}

/** Newest first; each filter given must match exactly. */
export async function listAuditRows(
  db: DbOrTx,
  filter: { targetType?: string | undefined; targetId?: string | undefined; action?: string | undefined },
  window: PageWindow,
): Promise<AuditRow[]> {
  const filters: (SQL | undefined)[] = [
    filter.targetType !== undefined ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId !== undefined ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.action !== undefined ? eq(auditLog.action, filter.action) : undefined,
  ]
  return keysetPage(db.select().from(auditLog).$dynamic(), auditLog, window, filters)
}
