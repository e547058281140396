import type { RouteCase } from '../world.js'

// The development mail page (outside production only): public to callers on this machine (the
// route walk's requests come from 127.0.0.1), 404 to anyone else and for an unknown e-mail.
export const cases: RouteCase[] = [
  { method: 'GET', route: '/dev/mail', request: () => ({ url: '/dev/mail' }) },
  {
    method: 'GET',
    route: '/dev/mail/:id',
    request: () => ({ url: '/dev/mail/2024-01-01T00-00-00Z_none.eml' }),
    okStatuses: [404],
  },
]
