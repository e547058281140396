import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../support/harness.js'

let svc: TestService
beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await svc.request({ method: 'GET', url: '/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('1.0.0')
    const result = await new Validator().validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('lists every route the server has, with its security', async () => {
    const doc = (await svc.request({ method: 'GET', url: '/openapi.json' })).json()
    const routes = svc.app.routeTable.filter(
      (r) => !r.hidden && r.method !== 'OPTIONS' && !r.url.startsWith('/docs'),
    )
    expect(routes.length).toBeGreaterThan(5)
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{*}')
      const operation = doc.paths[path]?.[route.method.toLowerCase()]
      expect(operation, `${route.method} ${route.url} is missing from the document`).toBeDefined()
      expect(operation.operationId, `${route.method} ${route.url} has no operationId`).toBeTruthy()
      if (typeof route.auth === 'object') expect(operation.security).toEqual([{ bearerAuth: [] }])
    }
  })

  it('declares every route with its auth (deny by default)', () => {
    for (const route of svc.app.routeTable) expect(route.auth, `${route.method} ${route.url}`).toBeDefined()
  })
})

describe('GET /docs', () => {
  it('serves the API reference without loading anything from the internet', async () => {
    const page = await svc.request({ method: 'GET', url: '/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
    expect(assets.length).toBeGreaterThan(0)
    for (const asset of assets) expect(asset).not.toMatch(/^(https?:)?\/\//)
    const init = await svc.request({ method: 'GET', url: '/docs/static/swagger-initializer.js' })
    expect(init.statusCode).toBe(200)
    // No script, style, font or document fetched from elsewhere (XML namespaces are not fetches).
    expect(init.body).not.toMatch(/(?:src|href|url)\s*[:=(]\s*['"]?(?:https?:)?\/\//i)
    expect(init.body).toContain("url: resolveUrl('./json')")
  })
})
