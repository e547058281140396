import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, extname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** One file of the built app, held in memory with its compressed forms. */
export interface WebFile {
  body: Buffer
  gzip: Buffer | null
  brotli: Buffer | null
  type: string
  etag: string
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.webmanifest', '.json', '.txt', '.ico'])

/** Compressed forms written beside a file by `npm run build` (precompressWebFiles), not files of their own. */
const PRECOMPRESSED = ['.br', '.gz'] as const

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* walk(path)
    else if (!PRECOMPRESSED.some((suffix) => name.endsWith(suffix))) yield path
  }
}

const brotli = (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
const gzip = (body: Buffer) => gzipSync(body, { level: 9 })
const compressible = (path: string, body: Buffer) => COMPRESSIBLE.has(extname(path)) && body.length > 512

/** The form `npm run build` wrote beside `path` when it is not older than the file, else compressed now. */
function compressed(path: string, suffix: string, body: Buffer, make: (body: Buffer) => Buffer): Buffer {
  const stored = `${path}${suffix}`
  if (existsSync(stored) && statSync(stored).mtimeMs >= statSync(path).mtimeMs) return readFileSync(stored)
  return make(body)
}

/**
 * Writes the brotli and gzip forms of every compressible file of the built app beside it
 * (`app.js.br`, `app.js.gz`; run by `npm run build` after the app's build), so that a start
 * reads them instead of compressing at brotli's highest quality. Returns how many files.
 */
export function precompressWebFiles(distDir: string): number {
  let count = 0
  for (const path of walk(distDir)) {
    const body = readFileSync(path)
    if (!compressible(path, body)) continue
    writeFileSync(`${path}.br`, brotli(body))
    writeFileSync(`${path}.gz`, gzip(body))
    count++
  }
  return count
}

function load(path: string): WebFile {
  const body = readFileSync(path)
  const compress = compressible(path, body)
  return {
    body,
    gzip: compress ? compressed(path, '.gz', body, gzip) : null,
    brotli: compress ? compressed(path, '.br', body, brotli) : null,
    type: TYPES[extname(path)] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  }
}

/**
 * Every file of the built app (`web/dist`, from `npm run build`) by its URL path, read once at
 * start; null when the app has not been built (the app's pages then answer 503).
 */
export function loadWebFiles(distDir: string): Map<string, WebFile> | null {
  if (!existsSync(join(distDir, 'index.html'))) return null
  const files = new Map<string, WebFile>()
  for (const path of walk(distDir)) files.set(`/${relative(distDir, path).split(sep).join('/')}`, load(path))
  return files
}

/** `web/dist` of the project this file belongs to (from src/ under tsx, from dist/src/ once built). */
export function defaultDistDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'web'))) return join(dir, 'web', 'dist')
    dir = dirname(dir)
  }
  return join(process.cwd(), 'web', 'dist')
}
