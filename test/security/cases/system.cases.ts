import type { RouteCase } from '../world.js'

export const cases: RouteCase[] = [
  { method: 'GET', route: '/health', request: () => ({ url: '/health' }) },
  { method: 'GET', route: '/ready', request: () => ({ url: '/ready' }) },
  { method: 'GET', route: '/v1/version', request: () => ({ url: '/v1/version' }) },
  { method: 'GET', route: '/openapi.json', request: () => ({ url: '/openapi.json' }) },
  // The `metrics` secret (METRICS_TOKEN, set in the walk; test/api/metrics*.test.ts cover it further).
  { method: 'GET', route: '/metrics', request: () => ({ url: '/metrics' }) },
  {
    method: 'POST',
    route: '/v1/auth/login',
    request: (w) => ({
      url: '/v1/auth/login',
      payload: { email: w.admin.email, password: 'wrong-password' },
    }),
    okStatuses: [401],
  },
  {
    method: 'PUT',
    route: '/v1/auth/change-password',
    // A wrong current password: the call is authorised but changes nothing, so later callers keep valid tokens.
    request: () => ({
      url: '/v1/auth/change-password',
      payload: { currentPassword: 'not-the-password', newPassword: 'new-password-1' },
    }),
    okStatuses: [401],
  },
  { method: 'GET', route: '/v1/auth/me', request: () => ({ url: '/v1/auth/me' }) },
  {
    method: 'GET',
    route: '/ipfs/:cid',
    request: async (w) => ({
      url: `/ipfs/${await w.svc.deps.pinning.addFile(new TextEncoder().encode('{"a":1}'))}`,
    }),
  },
  {
    method: 'GET',
    route: '/ipfs/:cid/*',
    request: async (w) => {
      const cid = await w.svc.deps.pinning.addFile(new TextEncoder().encode('{"b":2}'))
      const dir = await w.svc.deps.pinning.addDirectory([{ name: '7', cid }])
      return { url: `/ipfs/${dir.cid}/7` }
    },
  },
]
