// The service's entry (`npm start`, the image, `node dist/src/main.js`): V8's compile cache first,
// then the service. Built, the service is the bundle in dist/bundle/ (scripts/bundle-service.mjs:
// its own code and most dependencies in a few files, so that Node does not resolve ~2,900 module
// files at every start), else ./serve.ts itself (under tsx, or a dist/ built without the bundle).
// Node keeps the compiled code of every module under dist/.compile-cache and reuses it while the
// file is unchanged (docs/performance.md, "Starting and restarting"). Only for the build; from
// the TypeScript sources (tsx) nothing is cached. Where the folder cannot be written (a read-only
// image), Node goes on without it; NODE_COMPILE_CACHE, when set, wins.
import { existsSync } from 'node:fs'
import { enableCompileCache } from 'node:module'
import { fileURLToPath } from 'node:url'

const built = import.meta.url.endsWith('.js')
if (built) enableCompileCache?.(fileURLToPath(new URL('../.compile-cache', import.meta.url)))
const bundle = new URL('../bundle/serve.js', import.meta.url)
await import(built && existsSync(fileURLToPath(bundle)) ? bundle.href : './serve.js')
