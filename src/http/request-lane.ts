import type { FastifyInstance } from 'fastify'
import { inRequestLane } from '../db/lanes.js'

/**
 * Marks everything a request does as the request lane, so that on the embedded database its
 * statements go before waiting background work (src/db/lanes.ts). Registered first.
 */
export function registerRequestLane(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => inRequestLane(done))
}
