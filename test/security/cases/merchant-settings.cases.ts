import type { RouteCase } from '../world.js'

// The caller's own merchant (no id in the path: another tenant's caller reaches only its own,
// which test/api/merchant-settings.test.ts checks). The PUT sets the default again, so that the
// walk changes nothing another case sees.
export const cases: RouteCase[] = [
  { method: 'GET', route: '/v1/merchant/settings', request: () => ({ url: '/v1/merchant/settings' }) },
  {
    method: 'PUT',
    route: '/v1/merchant/settings',
    request: () => ({ url: '/v1/merchant/settings', payload: { currency: 'EUR' } }),
  },
]
