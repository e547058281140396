import type { RouteCase } from '../world.js'

// The web app's pages and files: public. 503 where the app has not been built (web/dist).
const page = (route: string, url = route): RouteCase => ({
  method: 'GET',
  route,
  request: () => ({ url }),
  okStatuses: [200, 503],
})
const file = (route: string, url = route): RouteCase => ({ ...page(route, url), okStatuses: [200, 404, 503] })

export const cases: RouteCase[] = [
  page('/'),
  page('/claim', '/claim?claimId=abc'),
  page('/auth/magic', '/auth/magic?token=abc'),
  page('/signin'),
  page('/wallet'),
  page('/wallet/:id', '/wallet/123'),
  page('/wallet/:id/own', '/wallet/123/own'),
  page('/wallet/:id/report', '/wallet/123/report'),
  page('/claims'),
  page('/claims/:id', '/claims/123'),
  page('/receipts'),
  page('/receipts/:id', '/receipts/123'),
  page('/profile'),
  page('/register', '/register?gtin=09506000134352&serial=SN1'),
  page('/verify'),
  page('/merchant/products/:id/registration', '/merchant/products/123/registration'),
  page('/verify/:warrantyCode', '/verify/WR-AAAA-BBBB-CCCC?serialNumber=1'),
  // The merchant and admin console's pages (issue 15): the same public index.html.
  ...['/login', '/account', '/merchant', '/merchant/issue', '/merchant/warranties', '/merchant/products'].map(
    (p) => page(p),
  ),
  ...[
    '/merchant/senders',
    '/merchant/team',
    '/merchant/claims',
    '/merchant/providers',
    '/merchant/registrations',
    '/provider/claims',
    '/provider/coverage',
    '/admin',
    '/admin/merchants',
    '/admin/providers',
    '/admin/catalogue',
    '/admin/audit',
    '/admin/admins',
    '/login/forgot',
  ].map((p) => page(p)),
  page('/login/reset', '/login/reset?token=abc'),
  page('/login/invitation', '/login/invitation?token=abc'),
  page('/merchant/warranties/:id', '/merchant/warranties/123'),
  page('/merchant/claims/:id', '/merchant/claims/123'),
  page('/provider/claims/:id', '/provider/claims/123'),
  page('/admin/merchants/:id', '/admin/merchants/123'),
  page('/admin/providers/:id', '/admin/providers/123'),
  page('/sw.js'),
  page('/manifest.webmanifest'),
  page('/favicon.ico'),
  page('/favicon.svg'),
  page('/robots.txt'),
  file('/assets/:file', '/assets/missing.js'),
  file('/icons/:file', '/icons/icon-192.png'),
]
