import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import openapiTS, { astToString } from 'openapi-typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

// The typed client package (packages/client) as an integrator uses it (the web app imports the same
// types, web/src/lib/api.ts): its types generated from
// the service's own OpenAPI document (a stale copy fails here; `npm run client:api` rewrites it),
// built with tsc, imported from its build output, and run against the live service over HTTP.
const SCHEMA_FILE = 'packages/client/src/schema.ts'
const HEADER =
  '// Generated from the service OpenAPI document by `npm run client:api` (openapi-typescript). Do not edit.\n'

let svc: TestService
let baseUrl: string
let built: string
beforeAll(async () => {
  svc = await createTestService({ mint: true })
  await svc.app.listen({ host: '127.0.0.1', port: 0 })
  baseUrl = `http://127.0.0.1:${(svc.app.server.address() as AddressInfo).port}`
  built = mkdtempSync(join(tmpdir(), 'client-build-'))
})
afterAll(async () => {
  await svc?.close()
  if (built) rmSync(built, { recursive: true, force: true })
})

describe('the typed client package', () => {
  it('is generated from the current OpenAPI document (npm run client:api after an API change)', async () => {
    const doc = (await svc.request({ method: 'GET', url: '/openapi.json' })).json()
    const ast = await openapiTS(doc as Parameters<typeof openapiTS>[0], { alphabetize: true })
    const generated = HEADER + astToString(ast)
    if (process.env.WRITE_CLIENT_API === '1') writeFileSync(SCHEMA_FILE, generated)
    expect(readFileSync(SCHEMA_FILE, 'utf8'), `${SCHEMA_FILE} is stale: run npm run client:api`).toBe(
      generated,
    )
    // Named types for the resources and the error body.
    expect(generated).toMatch(/\bWarranty: \{/)
    expect(generated).toMatch(/\bErrorBody: \{/)
  })

  it('builds, issues a warranty, follows its mint and verifies it, as docs/development.md shows', async () => {
    await promisify(execFile)('node_modules/.bin/tsc', [
      '-p',
      'packages/client/tsconfig.json',
      '--outDir',
      built,
    ])
    // The build output sits in a temp folder; its one dependency resolves from the project.
    const client = (await import(
      pathToFileURL(join(built, 'index.js')).href
    )) as typeof import('../../packages/client/src/index.js')
    const { owner } = await createMerchantWithUsers(svc.deps)
    const api = client.createWarrantyClient({ baseUrl, token: owner.token })

    const issued = client.unwrap(
      await api.POST('/v1/merchant/warranties/issue', {
        body: { serialNumber: `SN-CLIENT-${Date.now()}`, customerEmail: 'buyer@example.com' },
        params: { header: { 'idempotency-key': `client-test-${Date.now()}` } },
      }),
    )
    expect(issued.warrantyCode).toMatch(/^WR-/)
    const minted = await client.waitForMint(api, issued.id, { timeoutMs: 60_000 })
    expect(minted.mint.status).toBe('MINTED')

    const anonymous = client.createWarrantyClient({ baseUrl })
    const verified = client.unwrap(
      await anonymous.GET('/v1/global/warranties/{warrantyCode}/verify', {
        params: { path: { warrantyCode: minted.warrantyCode } },
      }),
    )
    expect(verified).toMatchObject({ warrantyCode: minted.warrantyCode })

    // Errors come back as ApiError with the API's stable code.
    const missing = await api.GET('/v1/merchant/warranties/{id}', {
      params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
    })
    expect(() => client.unwrap(missing)).toThrow(client.ApiError)
    expect(missing.error).toMatchObject({ error: 'not_found' })
  }, 120_000)
})
