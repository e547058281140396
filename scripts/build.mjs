#!/usr/bin/env node
// `npm run build` (and `npm start`, before it starts): TypeScript → dist/, Solidity →
// build/contracts/, the web app → web/dist/, each step only when its inputs changed.
//
// A step is skipped when a SHA-256 over the contents of its inputs (file paths and bytes, not
// modification times: a copy, an unpacked archive or a `git checkout` of other content are all
// seen) equals the one written after its last successful build, and its outputs exist:
// - TypeScript: src/, scripts/, tsconfig*.json, package.json, package-lock.json; stamp in
//   dist/.build-inputs. When they changed, `tsc -p tsconfig.build.json` runs, incremental
//   (dist/.tsbuildinfo: only what changed is checked and emitted again), then the service is
//   bundled into dist/bundle/ (scripts/bundle-service.mjs, about 3 s).
// - Contracts: scripts/compile-contracts.ts's own check (a hash of contracts/ and the compiler's
//   and libraries' versions in build/contracts/.manifest.json).
// - Web app: web/ (without dist/ and node_modules/), packages/client/src/ (the API types the app
//   imports), package.json, package-lock.json, this script and the module that writes the
//   compressed forms (src/modules/webapp/webapp.files.ts); stamp in web/.dist-inputs, beside
//   web/dist/ (not in it: every file in web/dist is served).
// A stamp is removed before its step runs and written after it succeeded, so a failed or
// interrupted build runs again. `--force` rebuilds every step.
// Usage: node scripts/build.mjs [--force]
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const force = process.argv.includes('--force')
// Outputs, dependencies and the web app's own stamp are not inputs.
const SKIP = new Set(['node_modules', 'dist', '.dist-inputs'])

function* files(path) {
  if (!existsSync(path)) return
  if (!statSync(path).isDirectory()) {
    yield path
    return
  }
  for (const name of readdirSync(path).sort()) {
    if (!SKIP.has(name)) yield* files(join(path, name))
  }
}

/** SHA-256 over the relative path and the bytes of every file under `inputs` (missing ones count as absent). */
export function inputsHash(inputs, base = root) {
  const hash = createHash('sha256')
  for (const input of inputs) {
    for (const path of files(join(base, input))) {
      hash.update(relative(base, path).split(sep).join('/'))
      hash.update('\0')
      hash.update(createHash('sha256').update(readFileSync(path)).digest())
    }
  }
  return hash.digest('hex')
}

const readStamp = (path) => (existsSync(path) ? readFileSync(path, 'utf8').trim() : null)

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    process.stderr.write(`build: ${command} ${args.join(' ')} failed (${result.status ?? result.signal})\n`)
    process.exit(result.status || 1)
  }
}

/** Runs `build` unless the stamp matches the inputs' hash and every output exists; returns what it did. */
async function step(name, { inputs, stamp, outputs, build }) {
  const hash = inputsHash(inputs)
  const stampPath = join(root, stamp)
  const current =
    !force && readStamp(stampPath) === hash && outputs.every((out) => existsSync(join(root, out)))
  if (current) return `${name} up to date`
  rmSync(stampPath, { force: true })
  const started = performance.now()
  await build()
  writeFileSync(stampPath, `${hash}\n`)
  return `${name} built in ${((performance.now() - started) / 1000).toFixed(1)} s`
}

const started = performance.now()
const node = process.execPath
const done = []
done.push(
  await step('TypeScript', {
    inputs: ['src', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'],
    stamp: 'dist/.build-inputs',
    outputs: [
      'dist/src/main.js',
      'dist/bundle/serve.js',
      'dist/scripts/compile-contracts.js',
      'dist/.tsbuildinfo',
    ],
    build: async () => {
      run(node, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'])
      // The service in a few files (what `node dist/src/main.js` loads): scripts/bundle-service.mjs.
      const { bundleService } = await import('./bundle-service.mjs')
      await bundleService(root)
    },
  }),
)
const contracts = await import(pathToFileURL(join(root, 'dist/scripts/compile-contracts.js')).href)
const compiled = await contracts.ensureContractsCompiled({
  force,
  log: (msg) => process.stderr.write(`${msg}\n`),
})
done.push(compiled.compiled ? `${compiled.contracts.length} contracts compiled` : 'contracts up to date')
done.push(
  await step('web app', {
    inputs: [
      'web',
      'packages/client/src',
      'package.json',
      'package-lock.json',
      'scripts/build.mjs',
      'src/modules/webapp/webapp.files.ts', // writes the compressed forms
    ],
    stamp: 'web/.dist-inputs',
    outputs: ['web/dist/index.html'],
    build: async () => {
      run(node, [
        join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'web/vite.config.ts',
        '--logLevel',
        'warn',
      ])
      // Brotli and gzip forms beside each file: the service reads them instead of compressing at its start.
      const webapp = await import(pathToFileURL(join(root, 'dist/src/modules/webapp/webapp.files.js')).href)
      webapp.precompressWebFiles(join(root, 'web/dist'))
    },
  }),
)
process.stderr.write(`build: ${done.join(', ')} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`)
