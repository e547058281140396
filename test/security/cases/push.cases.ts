import { randomBytes } from 'node:crypto'
import type { RouteCase } from '../world.js'

// Each caller registers a fresh token of its own; unregistering a token the caller does not
// have removes nothing (and says so), whoever holds it.
export const cases: RouteCase[] = [
  {
    method: 'POST',
    route: '/v1/customer/push/register',
    request: () => ({
      url: '/v1/customer/push/register',
      payload: { token: `sec-${randomBytes(24).toString('base64url')}`, platform: 'android' },
    }),
  },
  {
    method: 'POST',
    route: '/v1/customer/push/unregister',
    request: () => ({ url: '/v1/customer/push/unregister', payload: { token: 'sec-not-registered' } }),
  },
]
