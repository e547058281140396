import { readFileSync, writeFileSync } from 'node:fs'
import openapiTS, { astToString } from 'openapi-typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../support/harness.js'

// The web app's API types (web/src/api/schema.d.ts) are generated from the service's own
// OpenAPI document. This test regenerates them and fails on any difference, so the app and the
// API cannot drift apart; `npm run web:api` (WRITE_WEB_API=1) writes the file instead.
const SCHEMA_FILE = 'web/src/api/schema.d.ts'
const HEADER =
  '// Generated from the service OpenAPI document by `npm run web:api` (openapi-typescript). Do not edit.\n'

let svc: TestService
beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

/** The web app's types for the document the service serves now. */
async function generateWebApiTypes(doc: object): Promise<string> {
  const ast = await openapiTS(doc as Parameters<typeof openapiTS>[0], { alphabetize: true })
  return HEADER + astToString(ast)
}

describe('the web app API client', () => {
  it('is generated from the current OpenAPI document (npm run web:api after an API change)', async () => {
    const doc = (await svc.request({ method: 'GET', url: '/openapi.json' })).json()
    const generated = await generateWebApiTypes(doc)
    if (process.env.WRITE_WEB_API === '1') writeFileSync(SCHEMA_FILE, generated)
    const committed = readFileSync(SCHEMA_FILE, 'utf8')
    expect(committed, `${SCHEMA_FILE} is stale: run npm run web:api and commit it`).toBe(generated)
  })
})
