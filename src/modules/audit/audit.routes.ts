import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services.js'

export async function auditRoutes(_app: FastifyInstance, _opts: { services: Services }): Promise<void> {}
