import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CID } from 'multiformats/cid'

/**
 * A fake IPFS Pinning Service API (https://ipfs.github.io/pinning-services-api-spec/)
 * on 127.0.0.1: bearer token, JSON bodies, pin requests that go queued → pinning →
 * pinned (or failed for `failCids`) as `pinDelayMs` passes, `GET /pins` filters,
 * `GET`/`DELETE /pins/{requestid}`, the spec's error bodies. `stop()` takes it down
 * and `start()` brings it back on the same port, with the same pins.
 */
export interface FakePinStatus {
  requestid: string
  status: 'queued' | 'pinning' | 'pinned' | 'failed'
  created: string
  pin: { cid: string; name?: string; origins?: string[]; meta?: Record<string, string> }
  delegates: string[]
  info?: Record<string, string>
}

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  authorization: string | undefined
  body: unknown
}

export interface FakePinningService {
  url: string
  /** Every request received, in order. */
  requests: RecordedRequest[]
  /** Every pin request held, as last reported. */
  pins: FakePinStatus[]
  /** Takes the server down (connections cut): calls fail with ECONNREFUSED. */
  stop(): Promise<void>
  /** Brings it back on the same port. */
  start(): Promise<void>
  close(): Promise<void>
}

export interface FakePinningServiceOptions {
  token: string
  /** Time from request to `pinned` (or `failed`); `pinning` from half of it. Default 0. */
  pinDelayMs?: number
  /** CIDs whose pin requests end `failed`. */
  failCids?: string[]
}

interface Held {
  status: FakePinStatus
  createdAt: number
}

export async function startFakePinningService(
  options: FakePinningServiceOptions,
): Promise<FakePinningService> {
  const delay = options.pinDelayMs ?? 0
  const failCids = new Set(options.failCids ?? [])
  const requests: RecordedRequest[] = []
  const held: Held[] = []
  const pins: FakePinStatus[] = []

  const current = (h: Held): FakePinStatus => {
    const elapsed = Date.now() - h.createdAt
    if (elapsed >= delay) {
      h.status.status = failCids.has(h.status.pin.cid) ? 'failed' : 'pinned'
      if (h.status.status === 'failed') h.status.info = { status_details: 'content not found on the network' }
    } else if (elapsed >= delay / 2) {
      h.status.status = 'pinning'
    }
    return h.status
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const body = await readJson(req)
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      body,
    })
    if (req.headers.authorization !== `Bearer ${options.token}`) {
      return send(res, 401, failure('UNAUTHORIZED', 'Access token is missing or invalid'))
    }
    const id = /^\/pins\/([^/]+)$/.exec(url.pathname)?.[1]
    if (url.pathname === '/pins' && req.method === 'GET') {
      const q = url.searchParams
      const limit = Number(q.get('limit') ?? '10')
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
        return send(res, 400, failure('BAD_REQUEST', 'limit must be 1 to 1000'))
      }
      const cids = q.get('cid')?.split(',')
      const statuses = (q.get('status') ?? 'pinned').split(',')
      const name = q.get('name')
      const results = held
        .map(current)
        .filter((p) => (!cids || cids.includes(p.pin.cid)) && statuses.includes(p.status))
        .filter((p) => name === null || p.pin.name === name)
        .sort((a, b) => b.created.localeCompare(a.created))
      return send(res, 200, { count: results.length, results: results.slice(0, limit) })
    }
    if (url.pathname === '/pins' && req.method === 'POST') {
      const problem = checkPin(body)
      if (problem) return send(res, 400, failure('BAD_REQUEST', problem))
      const pin = body as FakePinStatus['pin']
      const status: FakePinStatus = {
        requestid: randomUUID(),
        status: 'queued',
        created: new Date().toISOString(),
        pin: { cid: pin.cid, name: pin.name, origins: pin.origins ?? [], meta: pin.meta ?? {} },
        delegates: [],
      }
      held.push({ status, createdAt: Date.now() })
      pins.push(status)
      return send(res, 202, status)
    }
    const found =
      id === undefined ? undefined : held.find((h) => h.status.requestid === decodeURIComponent(id))
    if (id !== undefined && !found) return send(res, 404, failure('NOT_FOUND', 'no such pin request'))
    if (found && req.method === 'GET') return send(res, 200, current(found))
    if (found && req.method === 'DELETE') {
      held.splice(held.indexOf(found), 1)
      pins.splice(pins.indexOf(found.status), 1)
      return send(res, 202, null)
    }
    return send(res, 404, failure('NOT_FOUND', 'no such route'))
  }

  let server: Server = createServer()
  const listen = async (port: number): Promise<number> => {
    server = createServer((req, res) => {
      handle(req, res).catch((err: unknown) => send(res, 500, failure('INTERNAL', String(err))))
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    return (server.address() as AddressInfo).port
  }
  const stop = async (): Promise<void> => {
    if (!server.listening) return
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeAllConnections()
    await closed
  }
  const port = await listen(0)

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    pins,
    stop,
    start: async () => {
      if (!server.listening) await listen(port)
    },
    close: stop,
  }
}

function failure(reason: string, details: string): { error: { reason: string; details: string } } {
  return { error: { reason, details } }
}

function checkPin(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return 'body must be a Pin object'
  const { cid, name, origins, meta } = body as Record<string, unknown>
  if (typeof cid !== 'string') return 'cid is required'
  try {
    CID.parse(cid)
  } catch {
    return 'cid is not a valid CID'
  }
  if (name !== undefined && (typeof name !== 'string' || name.length > 255)) return 'name must be a string'
  if (origins !== undefined && (!Array.isArray(origins) || origins.some((o) => typeof o !== 'string'))) {
    return 'origins must be an array of multiaddrs'
  }
  if (meta !== undefined && (typeof meta !== 'object' || meta === null)) return 'meta must be an object'
  return null
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  if (chunks.length === 0) return undefined
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return undefined
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (body === null) {
    res.writeHead(status).end()
    return
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}
