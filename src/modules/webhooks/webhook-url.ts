import { AppError } from '../../errors.js'
import { isPrivateAddress } from './webhook-target.js'

const refuse = (message: string) =>
  new AppError('validation_error', undefined, [{ path: '/body/url', message }])

/**
 * An endpoint URL: https (http too outside production), no credentials; in production no
 * loopback or private address literal (names are checked again, resolved, at each delivery).
 */
export function checkEndpointUrl(raw: string, production: boolean): string {
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
  if (production && (isPrivateAddress(host) || host === 'localhost' || host.endsWith('.localhost'))) {
    throw refuse('must not be a loopback or private address')
  }
  url.hash = ''
  return url.toString()
}
