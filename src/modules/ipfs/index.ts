import type { PinningPort } from '../../adapters/pinning/index.js'
import type { Feature } from '../../feature.js'
import { ipfsRoutes } from './ipfs.routes.js'

/** The embedded IPFS gateway: `GET /ipfs/{cid}` for the certificates' metadata. */
export function ipfsFeature(deps: { pinning: PinningPort }): Feature<null> {
  return { name: 'ipfs', service: null, routes: (app) => app.register(ipfsRoutes, { pinning: deps.pinning }) }
}
