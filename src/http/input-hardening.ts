import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, defaultMessage, ERROR_STATUS, type ErrorCode } from '../errors.js'
import { MAX_DETAILS, unstorableText } from '../lib/storable-text.js'
import { sendError } from './error-handler.js'

export { isStorableText, UNSTORABLE_TEXT } from '../lib/storable-text.js'

/**
 * Hostile input at the edge of the app, before any route sees it:
 * - text PostgreSQL cannot store (NUL, and unpaired UTF-16 surrogates, which have no UTF-8
 *   form) in any path parameter, query value or JSON body string, property names included;
 * - errors the router raises before a route is chosen (`frameworkErrors`);
 * - errors of the HTTP parser on the raw socket (`clientErrorHandler`).
 * Each is answered with the contract's error body and a stable code.
 */

/**
 * Refuses unstorable text in path parameters, query strings and JSON bodies of every route,
 * after parsing and before schema validation and the handler.
 */
export function registerInputHardening(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // An unknown route is 404 whatever its URL holds (its one parameter is the whole path).
    if (request.is404) return
    const details = [
      ...unstorableText(request.params, '/params'),
      ...unstorableText(request.query, '/querystring'),
      ...unstorableText(request.body, '/body'),
    ]
    if (details.length > 0) throw new AppError('validation_error', undefined, details.slice(0, MAX_DETAILS))
  })
}

/**
 * Errors the router raises before any route (and so before any hook) runs: a path that is not
 * valid percent-encoded UTF-8, or a path parameter over `maxParamLength`.
 */
export function routerErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No onSend hook runs for these answers: the request id is set here.
  reply.header('x-request-id', request.id)
  if (error.code === 'FST_ERR_BAD_URL') {
    sendError(
      reply,
      new AppError('validation_error', 'The URL is not valid', [
        { path: '/url', message: 'is not valid percent-encoded UTF-8' },
      ]),
    )
    return
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendError(
      reply,
      new AppError('validation_error', undefined, [
        { path: '/params', message: 'a path parameter is too long' },
      ]),
    )
    return
  }
  request.log.error({ err: error }, 'router error')
  sendError(reply, new AppError('internal_error'))
}

/** Sockets already answered: the parser may report the same failure again for later bytes. */
const answered = new WeakSet<Socket>()
/** How long a refused connection may keep sending before it is cut (so the client reads the answer). */
const LINGER_MS = 2_000

function parserErrorCode(code: string): ErrorCode {
  if (code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large'
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout'
  return 'validation_error'
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
}

function rawResponse(code: ErrorCode): string {
  const status = ERROR_STATUS[code]
  const body: Record<string, unknown> = { error: code, message: defaultMessage(code) }
  if (code === 'validation_error') {
    body.message = 'The request is not well-formed HTTP'
    body.details = [{ path: '/request', message: 'is not a well-formed HTTP/1.1 request' }]
  }
  const text = JSON.stringify(body)
  return [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
    '',
    text,
  ].join('\r\n')
}

/**
 * Errors of the HTTP parser (malformed request, headers over the size limit, a request not
 * received in time). The connection cannot be reused, so the answer says `Connection: close`,
 * ends our side, and lets the client finish sending for a moment before the socket is cut:
 * closing with unread bytes would reset the connection, and the client could lose the answer.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return
  answered.add(socket)
  const code = parserErrorCode(error.code ?? '')
  this.log.debug({ code: error.code }, 'client error') // never the error itself: it holds the raw bytes
  // A pipelined request still being answered owns the socket: an answer written now would be
  // taken for its answer, so the connection is only cut.
  const inFlight = (socket as Socket & { _httpMessage?: unknown })._httpMessage
  if (!socket.writable || inFlight) {
    socket.destroy()
    return
  }
  socket.end(rawResponse(code))
  socket.on('data', () => {})
  socket.once('end', () => socket.destroy())
  const timer = setTimeout(() => socket.destroy(), LINGER_MS)
  timer.unref()
  socket.once('close', () => clearTimeout(timer))
}
