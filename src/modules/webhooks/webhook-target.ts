import { lookup as dnsLookup } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/** How long a receiver has to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000
/** How much of a receiver's answer is read (and kept in the log on a failure). */
const MAX_ANSWER_BYTES = 4096

/** Addresses no webhook may reach in production: loopback, private, link-local, CGNAT, multicast… */
const PRIVATE = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6')

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  if (family === 6 && /^::ffff:/i.test(address)) {
    const v4 = address.slice(7)
    if (isIP(v4) === 4) return PRIVATE.check(v4, 'ipv4')
  }
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** Refused before any connection: the address is private (production only). */
export class PrivateAddressError extends Error {}

/**
 * Resolves like the system does, then refuses a private address: the check is made on the
 * address actually connected to, so a name that resolves (or re-resolves) to one cannot slip by.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4)
    const list = addresses as unknown as { address: string; family: number }[]
    const refused = list.find((a) => isPrivateAddress(a.address))
    if (refused || list.length === 0) {
      return callback(new PrivateAddressError(`${hostname} resolves to a private address`), '', 4)
    }
    if (options.all) return callback(null, list as never, 4)
    const first = list[0]!
    return callback(null, first.address, first.family)
  })
}

export interface PostResult {
  status: number
  /** The start of the answer's body. */
  body: string
}

/**
 * POSTs a webhook body; no redirect is followed. Outside production private addresses are
 * allowed (tests and local receivers); in production a private address is refused.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivateNetworks: boolean; timeoutMs?: number },
): Promise<PostResult> {
  const target = new URL(url)
  const host = target.hostname.replace(/^\[|\]$/g, '')
  if (!options.allowPrivateNetworks && isPrivateAddress(host)) {
    throw new PrivateAddressError(`${host} is a private address`)
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS
  return new Promise<PostResult>((resolve, reject) => {
    // The whole exchange, not only a silent socket, must end within the timeout.
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
    const done =
      <A>(fn: (a: A) => void) =>
      (a: A) => {
        clearTimeout(timer)
        fn(a)
      }
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        ...(options.allowPrivateNetworks ? {} : { lookup: publicOnlyLookup }),
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk)
          size += chunk.length
        })
        res.on('end', () =>
          done(resolve)({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_ANSWER_BYTES),
          }),
        )
        res.on('error', done(reject))
      },
    )
    req.on('error', done(reject))
    req.end(body)
  })
}
