import type { FastifyRequest } from 'fastify'
import { principalOf } from '../../http/auth.js'
import type { AuditContext } from './audit.service.js'

/** The actor and request id of an audited admin change. */
export function auditContext(request: FastifyRequest): AuditContext {
  return { actor: principalOf(request), requestId: request.id }
}
