// The service's entry (`npm start`, the image, `node dist/src/main.js`): V8's compile cache first,
// then the service (./serve.ts). Node keeps the compiled code of every module under
// dist/.compile-cache and reuses it while the file is unchanged: a restart about 0.3 s faster
// (docs/performance.md, "Starting and restarting"). Only for the build; from the TypeScript
// sources (tsx) nothing is cached. Where the folder cannot be written (a read-only image), Node
// goes on without it; NODE_COMPILE_CACHE, when set, wins.
import { enableCompileCache } from 'node:module'
import { fileURLToPath } from 'node:url'

if (import.meta.url.endsWith('.js'))
  enableCompileCache?.(fileURLToPath(new URL('../.compile-cache', import.meta.url)))
await import('./serve.js')
