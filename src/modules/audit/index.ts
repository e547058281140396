import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import { auditRoutes } from './audit.routes.js'
import { AuditService } from './audit.service.js'

export type { AuditContext, AuditService } from './audit.service.js'
export { auditContext } from './audit-context.js'

/** The audit log of admin changes: written by other features in their transactions, read by admins. */
export function auditFeature(deps: { db: Db }): Feature<AuditService> {
  const service = new AuditService(deps)
  return { name: 'audit', service, routes: (app) => app.register(auditRoutes, { audit: service }) }
}
