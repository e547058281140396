import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { base36 } from 'multiformats/bases/base36'
import { CID } from 'multiformats/cid'
import { Type } from 'typebox'
import { MAX_PATH_DEPTH, MAX_PATH_LENGTH, type PinningPort } from '../../adapters/pinning/index.js'
import { AppError } from '../../errors.js'
import { errorResponses } from '../../http/schemas.js'
import {
  GatewayQuery,
  type GatewayQueryValue,
  matchesEtag,
  serveVerifiable,
  verifiableFormat,
} from './ipfs-trustless.js'

/**
 * The read-only IPFS gateway: `GET /ipfs/{cid}` and `GET /ipfs/{cid}/{path}` serve
 * what the pinning port holds (certificate metadata behind `ipfs://<dir>/<tokenId>`).
 * Content is immutable by definition, hence the year-long cache and the CID as ETag.
 */
export async function ipfsRoutes(app: FastifyInstance, opts: { pinning: PinningPort }): Promise<void> {
  const { pinning } = opts

  const cidParam = Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'A CID: CIDv1 (base32 `bafy…`/`bafk…`, base36 `k…`) or CIDv0 (`Qm…`)',
  })
  const response = {
    200: Type.Unknown({
      description:
        'The file bytes (application/json or application/octet-stream), or for a directory ' +
        'a JSON listing {cid, entries: [{name, cid, size}]}; with `format=raw` / `Accept: ' +
        'application/vnd.ipld.raw` the block itself, with `format=car` / `Accept: application/vnd.ipld.car` ' +
        'a CARv1 of the blocks (IPFS trustless gateway)',
    }),
    304: Type.Null({ description: 'Not modified: the If-None-Match ETag matches' }),
    ...errorResponses(400, 404),
  }

  app.get<{ Params: { cid: string }; Querystring: GatewayQueryValue }>(
    '/ipfs/:cid',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['ipfs'],
        operationId: 'getIpfsContent',
        summary: 'Content by CID (a file, or a directory listing)',
        params: Type.Object({ cid: cidParam }),
        querystring: GatewayQuery,
        response,
      },
    },
    (request, reply) => serve(pinning, request, reply, request.params.cid, '', request.query),
  )

  app.get<{ Params: { cid: string; '*': string }; Querystring: GatewayQueryValue }>(
    '/ipfs/:cid/*',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['ipfs'],
        operationId: 'getIpfsContentByPath',
        summary: 'Content by CID and path through UnixFS directories (ipfs://<dir>/<tokenId>)',
        description: `The path after the CID (e.g. a token id): at most ${MAX_PATH_LENGTH} characters and ${MAX_PATH_DEPTH} segments.`,
        // The wildcard '*' is checked in the handler: TypeBox 1.4's Value.Convert (the
        // validator app.ts uses) throws on a property named '*'.
        params: Type.Object({ cid: cidParam }),
        querystring: GatewayQuery,
        response,
      },
    },
    (request, reply) =>
      serve(pinning, request, reply, request.params.cid, request.params['*'] ?? '', request.query),
  )
}

async function serve(
  pinning: PinningPort,
  request: FastifyRequest,
  reply: FastifyReply,
  cidText: string,
  path: string,
  query: GatewayQueryValue,
): Promise<FastifyReply> {
  const cid = parseCid(cidText)
  if (!cid) {
    throw invalid('cid is not a valid CID', '/params/cid', 'must be a CIDv1 (base32 or base36) or a CIDv0')
  }
  if (path.length > MAX_PATH_LENGTH) {
    throw invalid('the path is too long', '/params/*', `must be at most ${MAX_PATH_LENGTH} characters`)
  }
  const names = path.split('/').filter((n) => n !== '')
  if (names.length > MAX_PATH_DEPTH) {
    throw invalid('the path is too deep', '/params/*', `must have at most ${MAX_PATH_DEPTH} segments`)
  }
  const format = verifiableFormat(request, query)
  if (format) return serveVerifiable(pinning, request, reply, format, cid, names, query['dag-scope'] ?? 'all')
  const cidPath = [cid.toString(), ...names].join('/')
  const ipfsPath = ['/ipfs', cidText, ...names.map(encodeURIComponent)].join('/')

  const file = await pinning.cat(cidPath)
  if (file) {
    if (immutable(request, reply, file.cid, ipfsPath)) return reply.code(304).send()
    const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength)
    return reply
      .header('content-type', isJson(bytes) ? 'application/json' : 'application/octet-stream')
      .send(bytes)
  }
  const dir = await pinning.ls(cidPath)
  if (dir) {
    if (immutable(request, reply, dir.cid, ipfsPath)) return reply.code(304).send()
    return reply.header('content-type', 'application/json').send({ cid: dir.cid, entries: dir.entries })
  }
  throw new AppError('not_found', `nothing is stored at ${ipfsPath}`)
}

/** Sets the headers of immutable content; true when the client's copy is current (304). */
function immutable(request: FastifyRequest, reply: FastifyReply, cid: string, ipfsPath: string): boolean {
  const etag = `"${cid}"`
  reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', etag)
    .header('x-ipfs-path', ipfsPath)
    .header('x-content-type-options', 'nosniff')
    // Public, credential-free content: wallets and marketplaces read it from browsers.
    .header('access-control-allow-origin', '*')
    .header('vary', 'Accept')
  return matchesEtag(request, etag)
}

function parseCid(text: string): CID | null {
  try {
    return text.startsWith('k') ? CID.parse(text, base36) : CID.parse(text)
  } catch {
    return null
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

function isJson(bytes: Uint8Array): boolean {
  try {
    JSON.parse(utf8.decode(bytes))
    return true
  } catch {
    return false
  }
}

const invalid = (message: string, path: string, detail: string) =>
  new AppError('validation_error', message, [{ path, message: detail }])
