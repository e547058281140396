import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { AppError } from '../../errors.js'
import type { WebFile } from './webapp.files.js'

/** The app's pages (client-side routes): each answers the app's index.html. Never /v1/*. */
export const APP_PAGES = [
  '/',
  '/claim',
  '/auth/magic',
  '/signin',
  '/wallet',
  '/wallet/:id',
  '/wallet/:id/own',
  '/wallet/:id/report',
  '/wallet/:id/print',
  '/claims',
  '/claims/:id',
  '/receipts',
  '/receipts/:id',
  '/profile',
  '/register',
  '/verify',
  '/verify/:warrantyCode',
  // The merchant and admin console (issue 15).
  '/login',
  '/login/forgot',
  '/login/reset',
  '/login/invitation',
  '/account',
  '/merchant',
  '/merchant/issue',
  '/merchant/import',
  '/merchant/warranties',
  '/merchant/warranties/:id',
  '/merchant/products',
  '/merchant/labels',
  '/merchant/senders',
  '/merchant/team',
  '/merchant/claims',
  '/merchant/claims/:id',
  '/merchant/providers',
  '/merchant/registrations',
  '/merchant/products/:id/registration',
  // The service provider's console.
  '/provider/claims',
  '/provider/claims/:id',
  '/provider/coverage',
  '/admin',
  '/admin/merchants',
  '/admin/merchants/:id',
  '/admin/providers',
  '/admin/providers/:id',
  '/admin/catalogue',
  '/admin/audit',
  '/admin/admins',
] as const

/** Files at fixed, unfingerprinted addresses (the service worker must keep its own). */
const ROOT_FILES = ['/sw.js', '/manifest.webmanifest', '/favicon.ico', '/favicon.svg', '/robots.txt'] as const

/**
 * The app's own policy, stricter than the API's: no inline style either, and nothing but this
 * origin for scripts, styles, images (plus the camera's blob: and data: previews), fetches,
 * the manifest and the service worker.
 */
export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ')

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
const DAY = 'public, max-age=86400'

// Page and file addresses take any query (e-mail clients add their own parameters).
const AnyQuery = Type.Object({}, { additionalProperties: true })
const FileParams = Type.Object({ file: Type.String({ minLength: 1, maxLength: 200 }) })
const AnyParams = Type.Object({}, { additionalProperties: Type.String({ maxLength: 200 }) })

function send(request: FastifyRequest, reply: FastifyReply, file: WebFile, cacheControl: string) {
  reply.header('cache-control', cacheControl).header('etag', file.etag).header('vary', 'accept-encoding')
  reply.type(file.type)
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send()
  const accepts = String(request.headers['accept-encoding'] ?? '')
  if (file.brotli && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(file.brotli)
  if (file.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(file.gzip)
  return reply.send(file.body)
}

/**
 * Serves the customer web app from memory: its pages (index.html, revalidated on each visit),
 * its fingerprinted assets (cached for a year, immutable) and its fixed files.
 */
export async function webappRoutes(
  base: FastifyInstance,
  { files }: { files: Map<string, WebFile> | null },
): Promise<void> {
  const config = { auth: 'public' as const }
  const built = () => {
    if (!files) throw new AppError('unavailable', 'The web app is not built here: run npm run build')
    return files
  }
  const file = (path: string) => {
    const found = built().get(path)
    if (!found) throw new AppError('not_found')
    return found
  }

  for (const url of APP_PAGES) {
    base.get(
      url,
      { config, schema: { hide: true, querystring: AnyQuery, params: AnyParams } },
      (request, reply) => {
        reply.header('content-security-policy', APP_CSP)
        return send(request, reply, file('/index.html'), REVALIDATE)
      },
    )
  }
  for (const url of ROOT_FILES) {
    base.get(url, { config, schema: { hide: true, querystring: AnyQuery } }, (request, reply) =>
      send(request, reply, file(url), url === '/sw.js' ? REVALIDATE : DAY),
    )
  }
  base.get<{ Params: { file: string } }>(
    '/assets/:file',
    { config, schema: { hide: true, querystring: AnyQuery, params: FileParams } },
    (request, reply) => send(request, reply, file(`/assets/${request.params.file}`), IMMUTABLE),
  )
  base.get<{ Params: { file: string } }>(
    '/icons/:file',
    { config, schema: { hide: true, querystring: AnyQuery, params: FileParams } },
    (request, reply) => send(request, reply, file(`/icons/${request.params.file}`), DAY),
  )
}
