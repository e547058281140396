import type { FastifyInstance } from 'fastify'
import { AppError } from '../errors.js'
import { sendError } from './error-handler.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the service starts stopping: requests get 503 and `Connection: close`. */
    draining: boolean
    /** When the last request arrived (ms since the epoch). */
    lastRequestAt: number
  }
}

/**
 * Graceful stop, first step: for a moment before the server closes, every new request
 * (also on a kept-alive connection) is answered 503 `unavailable` with `Connection: close`, so
 * that clients stop reusing their connections before the server closes them. Closing an idle
 * kept-alive connection at once races with a client sending on it, which then sees a reset.
 */
export function registerDraining(app: FastifyInstance): void {
  app.decorate('draining', false)
  app.decorate('lastRequestAt', 0)
  app.addHook('onRequest', async (_request, reply) => {
    app.lastRequestAt = Date.now()
    if (!app.draining) return
    reply.header('connection', 'close')
    // Answered here, not thrown: an expected 503 is no error to log.
    return sendError(reply, new AppError('unavailable', 'The service is stopping', undefined, 1))
  })
}

/**
 * Starts draining and resolves once no request arrived for `quietMs` (clients have let go of
 * their connections), or after `maxMs`. Under load the event loop may read a request that was
 * sent on a kept-alive connection well after it arrived: this waits for those too.
 */
export async function drain(app: FastifyInstance, quietMs: number, maxMs: number): Promise<void> {
  app.draining = true
  const started = Date.now()
  while (Date.now() - started < maxMs && Date.now() - app.lastRequestAt < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
