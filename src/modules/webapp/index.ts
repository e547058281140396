import type { Feature } from '../../feature.js'
import { defaultDistDir, loadWebFiles } from './webapp.files.js'
import { webappRoutes } from './webapp.routes.js'

export { APP_CSP, APP_PAGES } from './webapp.routes.js'

/**
 * The customer web app (`web/`, built into `web/dist` by `npm run build`), served at the
 * APP_URL paths the e-mails link to. Registered last: every API route wins.
 */
export function webappFeature(deps: { distDir?: string } = {}): Feature<null> {
  const files = loadWebFiles(deps.distDir ?? defaultDistDir())
  return { name: 'webapp', service: null, routes: (app) => app.register(webappRoutes, { files }) }
}
