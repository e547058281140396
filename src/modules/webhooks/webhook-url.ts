import { AppError } from '../../errors.js'
import { isPrivateAddress } from './webhook-target.js'

const refuse = (message: string) =>
  new AppError('validation_error', undefined, [{ path: '/body/url', message }])

/**
 * An endpoint URL: https (http too outside production), no credentials; without the
 * WEBHOOK_ALLOW_PRIVATE_TARGETS opt-in (whatever NODE_ENV is) no address literal that is not
 * global unicast, no `localhost` (names are checked again, resolved, at each delivery).
 */
export function checkEndpointUrl(
  raw: string,
  { production, allowPrivateTargets }: { production: boolean; allowPrivateTargets: boolean },
): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw refuse('not a URL')
  }
  const allowed = production ? ['https:'] : ['https:', 'http:']
  if (!allowed.includes(url.protocol)) throw refuse(production ? 'must be https://' : 'must be http(s)://')
  if (url.username || url.password) throw refuse('must not carry a user or password')
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  const local = host === 'localhost' || host.endsWith('.localhost')
  if (!allowPrivateTargets && (isPrivateAddress(host) || local)) {
    throw refuse('must not be a loopback or private address (WEBHOOK_ALLOW_PRIVATE_TARGETS is off)')
  }
  url.hash = ''
  return url.toString()
}
