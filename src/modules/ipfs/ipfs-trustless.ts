import { CarWriter } from '@ipld/car/writer'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { CID } from 'multiformats/cid'
import { Type } from 'typebox'
import type { DagScope, PinningPort } from '../../adapters/pinning/index.js'
import { AppError } from '../../errors.js'

export const RAW = 'application/vnd.ipld.raw'
export const CAR = 'application/vnd.ipld.car'

/** The query of the gateway routes: the verifiable response types of the IPFS trustless gateway. */
export const GatewayQuery = Type.Object({
  format: Type.Optional(
    Type.Union([Type.Literal('raw'), Type.Literal('car')], {
      description: 'URL alternative to `Accept: application/vnd.ipld.raw` or `application/vnd.ipld.car`',
    }),
  ),
  'dag-scope': Type.Optional(
    Type.Union([Type.Literal('block'), Type.Literal('entity'), Type.Literal('all')], {
      description: 'CAR only: which blocks of the terminal element (default `all`)',
    }),
  ),
})
export type GatewayQueryValue = { format?: 'raw' | 'car'; 'dag-scope'?: DagScope }

/** `raw`, `car` or null (the deserialized answer), from `?format=` first, then `Accept`. */
export function verifiableFormat(request: FastifyRequest, query: GatewayQueryValue): 'raw' | 'car' | null {
  if (query.format) return query.format
  const accept = request.headers.accept ?? ''
  if (accept.includes(RAW)) return 'raw'
  if (accept.includes(CAR)) return 'car'
  return null
}

/**
 * Answers a trustless-gateway request: a raw block (`/ipfs/{cid}` only, no path) or a CARv1
 * stream of the blocks for `cid[/path]`. The client checks every block against its CID, so it
 * trusts nothing of ours.
 */
export async function serveVerifiable(
  pinning: PinningPort,
  request: FastifyRequest,
  reply: FastifyReply,
  format: 'raw' | 'car',
  cid: CID,
  names: string[],
  scope: DagScope,
): Promise<FastifyReply> {
  const cidText = cid.toString()
  reply
    .header('vary', 'Accept')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('access-control-allow-origin', '*')
    .header('x-ipfs-path', ['/ipfs', cidText, ...names.map(encodeURIComponent)].join('/'))
  if (format === 'raw') {
    if (names.length > 0) {
      throw new AppError('validation_error', 'a raw block is asked for by its CID alone', [
        { path: '/params/*', message: 'must be empty with format=raw (use format=car for a path)' },
      ])
    }
    const bytes = await pinning.block(cidText)
    if (!bytes) throw new AppError('not_found', `no block ${cidText} is stored here`)
    const etag = `"${cidText}.raw"`
    if (matchesEtag(request, etag)) return reply.code(304).header('etag', etag).send()
    return reply
      .header('etag', etag)
      .header('content-type', RAW)
      .header('content-disposition', `attachment; filename="${cidText}.bin"`)
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  }
  const found = await pinning.dagBlocks([cidText, ...names].join('/'), scope)
  if (!found) throw new AppError('not_found', `nothing is stored at /ipfs/${[cidText, ...names].join('/')}`)
  const etag = `"${cidText}${names.length ? `/${names.join('/')}` : ''}.car.${scope}"`
  if (matchesEtag(request, etag)) return reply.code(304).header('etag', etag).send()
  return reply
    .header('etag', etag)
    .header('content-type', `${CAR}; version=1; order=dfs; dups=n`)
    .header('content-disposition', `attachment; filename="${cidText}.car"`)
    .send(await carBytes(found.root, found.blocks))
}

async function carBytes(root: string, blocks: { cid: string; bytes: Uint8Array }[]): Promise<Buffer> {
  const { writer, out } = CarWriter.create([CID.parse(root)])
  const chunks: Uint8Array[] = []
  const collected = (async () => {
    for await (const chunk of out) chunks.push(chunk)
  })()
  for (const block of blocks) await writer.put({ cid: CID.parse(block.cid), bytes: block.bytes })
  await writer.close()
  await collected
  return Buffer.concat(chunks)
}

export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match']
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}
