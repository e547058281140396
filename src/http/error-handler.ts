import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AdapterError } from '../adapters/adapter-error.js'
import { AppError, defaultMessage, type ErrorCode, type ErrorDetail } from '../errors.js'

export interface ValidationIssue {
  instancePath?: string
  message?: string
  keyword?: string
  schemaPath?: string
  params?: Record<string, unknown>
}

/** Turns a schema failure into `details: [{path, message}]`, paths like `/body/email`. */
function validationDetails(error: FastifyError): ErrorDetail[] {
  const context = (error as { validationContext?: string }).validationContext ?? 'body'
  return schemaIssueDetails((error.validation ?? []) as ValidationIssue[], `/${context}`)
}

/**
 * Schema issues (TypeBox's, as Fastify reports them) as `details`, paths under `base`: also for
 * values a service checks against a request schema itself (the items of a bulk issue).
 */
export function schemaIssueDetails(issues: readonly ValidationIssue[], base: string): ErrorDetail[] {
  const details = issues.flatMap((issue): ErrorDetail[] => {
    const path = `${base}${issue.instancePath ?? ''}`
    // TypeBox reports an undeclared property twice: as `false` schema and as additionalProperties.
    if (issue.keyword === 'boolean' && issue.schemaPath?.endsWith('/additionalProperties')) return []
    const extra = issue.params?.additionalProperties
    if (issue.keyword === 'additionalProperties' && extra !== undefined) {
      const names = Array.isArray(extra) ? extra : [extra]
      return names.map((name) => ({ path: `${path}/${name}`, message: 'is not a declared property' }))
    }
    const missing = issue.params?.requiredProperties ?? issue.params?.missingProperty
    if (issue.keyword === 'required' && missing !== undefined) {
      const names = Array.isArray(missing) ? missing : [missing]
      return names.map((name) => ({ path: `${path}/${name}`, message: 'is required' }))
    }
    return [{ path, message: issue.message ?? 'is not valid' }]
  })
  // TypeBox can report one failure through several keywords; keep each (path, message) once.
  const seen = new Set<string>()
  return details.filter((d) => !seen.has(`${d.path} ${d.message}`) && seen.add(`${d.path} ${d.message}`))
}

const PARSER_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
}

function fromStatus(status: number): ErrorCode {
  if (status === 404) return 'not_found'
  if (status === 408) return 'request_timeout'
  if (status === 413) return 'payload_too_large'
  if (status === 415) return 'invalid_json'
  if (status === 429) return 'too_many_requests'
  if (status === 431) return 'headers_too_large'
  if (status === 503) return 'unavailable'
  return 'validation_error'
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
])
// PostgreSQL: admin/crash shutdown, cannot connect now, too many connections.
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300'])
const DOWN_MESSAGE =
  /pool after calling end|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i

/**
 * A failure of a dependency rather than of the request: the database or another port is
 * unreachable. Looks through the error's causes (Drizzle wraps the driver's error).
 */
export function dependencyDown(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AdapterError) return e.retryable
    const code = (e as { code?: unknown }).code
    if (
      typeof code === 'string' &&
      (UNREACHABLE_CODES.has(code) || PG_UNAVAILABLE.has(code) || code.startsWith('08'))
    ) {
      return true
    }
    if (e instanceof Error && DOWN_MESSAGE.test(e.message)) return true
  }
  return false
}

export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter))
  const body: Record<string, unknown> = { error: err.code, message: err.message }
  if (err.details) body.details = err.details
  return reply.code(err.status).type('application/json; charset=utf-8').send(body)
}

/** The one error handler: known codes keep their message; anything else is logged and answered as 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      // A 503 `unavailable` is load shed on purpose (a full pool or queue, with Retry-After):
      // a warning without a stack, not an error; any other 5xx is an error.
      if (error.code === 'unavailable')
        request.log.warn({ code: error.code, reason: error.message }, 'request shed')
      else if (error.status >= 500) request.log.error({ err: error }, 'request failed')
      return sendError(reply, error)
    }
    if (error.validation) {
      return sendError(reply, new AppError('validation_error', undefined, validationDetails(error)))
    }
    const parserCode = error.code ? PARSER_ERRORS[error.code] : undefined
    if (parserCode) return sendError(reply, new AppError(parserCode))
    if (error instanceof SyntaxError) return sendError(reply, new AppError('invalid_json'))
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const code = fromStatus(status)
      return sendError(reply, new AppError(code, defaultMessage(code)))
    }
    if (dependencyDown(error)) {
      request.log.error({ err: error }, 'a dependency is unavailable')
      return sendError(reply, new AppError('unavailable', undefined, undefined, 5))
    }
    request.log.error({ err: error }, 'unhandled error')
    return sendError(reply, new AppError('internal_error'))
  })

  app.setNotFoundHandler((request, reply) => {
    sendError(reply, new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}`))
  })
}
