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
  page('/receipts'),
  page('/receipts/:id', '/receipts/123'),
  page('/profile'),
  page('/verify'),
  page('/verify/:warrantyCode', '/verify/WR-AAAA-BBBB-CCCC?serialNumber=1'),
  page('/sw.js'),
  page('/manifest.webmanifest'),
  page('/favicon.ico'),
  page('/favicon.svg'),
  page('/robots.txt'),
  file('/assets/:file', '/assets/missing.js'),
  file('/icons/:file', '/icons/icon-192.png'),
]
