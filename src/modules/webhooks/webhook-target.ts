import { lookup as dnsLookup } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import type { WebhooksConfig } from '../../config/webhooks.js'
import { isGlobalUnicast } from '../../lib/global-address.js'

/** How much of a receiver's answer is read (then dropped: it never reaches the merchant). */
const MAX_ANSWER_BYTES = 4096

/** Whether a webhook may be sent to this address literal without the private-targets opt-in. */
export function isPrivateAddress(address: string): boolean {
  return isIP(address) !== 0 && !isGlobalUnicast(address)
}

/** Refused before any connection: the address is not global unicast (without the opt-in). */
export class PrivateAddressError extends Error {}

class DeliveryTimeoutError extends Error {}

/**
 * What the merchant is shown of a failed attempt: fixed texts only, never the receiver's body
 * or a message that could carry it (a merchant must not read an internal service's answers).
 */
export function deliveryErrorText(err: unknown): string {
  if (err instanceof PrivateAddressError) return 'refused: the target is not a public address'
  if (err instanceof DeliveryTimeoutError) return err.message
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)
    ? `could not deliver (${code})`
    : 'could not deliver'
}

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
      // The connection goes to an address of this checked list (DNS rebinding cannot slip by).
      return callback(new PrivateAddressError(`${hostname} resolves to a private address`), '', 4)
    }
    if (options.all) return callback(null, list as never, 4)
    const first = list[0]!
    return callback(null, first.address, first.family)
  })
}

export interface PostResult {
  status: number
}

/**
 * POSTs a webhook body; no redirect is followed. Without `allowPrivateTargets` (the
 * WEBHOOK_ALLOW_PRIVATE_TARGETS opt-in) an address that is not global unicast is refused: a
 * literal before connecting, a name on every address it resolves to, at connect time.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  settings: Pick<WebhooksConfig, 'allowPrivateTargets' | 'timeoutSeconds'>,
): Promise<PostResult> {
  const target = new URL(url)
  const host = target.hostname.replace(/^\[|\]$/g, '')
  if (!settings.allowPrivateTargets && isPrivateAddress(host)) {
    throw new PrivateAddressError(`${host} is a private address`)
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  const timeoutMs = settings.timeoutSeconds * 1000
  return new Promise<PostResult>((resolve, reject) => {
    // The whole exchange, not only a silent socket, must end within the timeout.
    const timer = setTimeout(
      () => req.destroy(new DeliveryTimeoutError(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    )
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
        ...(settings.allowPrivateTargets ? {} : { lookup: publicOnlyLookup }),
      },
      (res: IncomingMessage) => {
        // The body is not kept; past MAX_ANSWER_BYTES the exchange ends at once.
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > MAX_ANSWER_BYTES) {
            done(resolve)({ status: res.statusCode ?? 0 })
            res.destroy()
          }
        })
        res.on('end', () => done(resolve)({ status: res.statusCode ?? 0 }))
        res.on('error', done(reject))
      },
    )
    req.on('error', done(reject))
    req.end(body)
  })
}
