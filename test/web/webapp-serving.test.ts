import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerErrorHandling } from '../../src/http/error-handler.js'
import { loadWebFiles, precompressWebFiles } from '../../src/modules/webapp/webapp.files.js'
import { APP_CSP, webappRoutes } from '../../src/modules/webapp/webapp.routes.js'

// The serving of the built web app, on a small built app of its own (web/dist may not exist).
let dist: string
let app: FastifyInstance
let missing: FastifyInstance
const script = `console.log(${JSON.stringify('x'.repeat(4000))})`

async function serve(dir: string | null): Promise<FastifyInstance> {
  const server = Fastify()
  registerErrorHandling(server)
  await server.register(webappRoutes, { files: dir ? loadWebFiles(dir) : null })
  await server.ready()
  return server
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>app</title><script type="module" src="/assets/index-abc123.js"></script>',
  )
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), script)
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  app = await serve(dist)
  missing = await serve(join(dist, 'nothing-here'))
})
afterAll(async () => {
  await app?.close()
  await missing?.close()
  rmSync(dist, { recursive: true, force: true })
})

describe('the web app pages', () => {
  it('answer index.html at every app path, revalidated, under the app CSP', async () => {
    for (const url of [
      '/claim?claimId=abc&utm_source=mail',
      '/auth/magic?token=t',
      '/wallet/123',
      '/wallet/123/print',
      '/verify/WR-1',
      '/login',
      '/merchant/warranties/123',
      '/merchant/import',
      '/merchant/labels',
      '/admin/merchants/abc',
      '/admin/providers/abc',
    ]) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers['content-security-policy']).toBe(APP_CSP)
      expect(res.body).toContain('/assets/index-abc123.js')
    }
    expect(APP_CSP).toContain("script-src 'self'")
    expect(APP_CSP).not.toContain('unsafe-inline')
  })

  it('answer 304 to a matching If-None-Match', async () => {
    const first = await app.inject({ url: '/wallet' })
    const again = await app.inject({
      url: '/wallet',
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('answer 503 unavailable when the app has not been built', async () => {
    const res = await missing.inject({ url: '/claim?claimId=abc' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({
      error: 'unavailable',
      message: expect.stringContaining('npm run build'),
    })
  })
})

describe('the web app files', () => {
  it('serve fingerprinted assets for a year, immutable, compressed when asked', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(Number(res.headers['content-length'])).toBeLessThan(script.length / 10)
    const plain = await app.inject({ url: '/assets/index-abc123.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('serve the service worker unfingerprinted and revalidated', async () => {
    const res = await app.inject({ url: '/sw.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('answer 404 for a file the build does not have, also outside assets/', async () => {
    expect((await app.inject({ url: '/assets/other.js' })).statusCode).toBe(404)
    expect((await app.inject({ url: '/assets/..%2Findex.html' })).statusCode).toBe(404)
    expect((await app.inject({ url: '/favicon.svg' })).statusCode).toBe(404)
  })
})

describe('the compressed forms written by the build', () => {
  it('are read at the start instead of compressing, are not files of their own, and are ignored when older than the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-dist-'))
    try {
      mkdirSync(join(dir, 'assets'))
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>')
      writeFileSync(join(dir, 'assets', 'app.js'), script)
      expect(precompressWebFiles(dir)).toBe(1) // index.html is too small to be worth it
      const stored = readFileSync(join(dir, 'assets', 'app.js.br'))
      expect(brotliDecompressSync(stored).toString()).toBe(script)
      expect(gunzipSync(readFileSync(join(dir, 'assets', 'app.js.gz'))).toString()).toBe(script)

      const files = loadWebFiles(dir)
      expect([...(files?.keys() ?? [])].sort()).toEqual(['/assets/app.js', '/index.html'])
      expect(files?.get('/assets/app.js')?.brotli?.equals(stored)).toBe(true)

      // A file changed after the build: its stale compressed forms are not served.
      const changed = `console.log(${JSON.stringify('y'.repeat(4000))})`
      writeFileSync(join(dir, 'assets', 'app.js'), changed)
      const past = new Date(Date.now() - 60_000)
      utimesSync(join(dir, 'assets', 'app.js.br'), past, past)
      utimesSync(join(dir, 'assets', 'app.js.gz'), past, past)
      const again = loadWebFiles(dir)?.get('/assets/app.js')
      expect(brotliDecompressSync(again?.brotli as Buffer).toString()).toBe(changed)
      expect(gunzipSync(again?.gzip as Buffer).toString()).toBe(changed)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
