import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warranties } from '../../src/db/schema/index.js'
import {
  createGlobalProduct,
  createMerchantProduct,
  insertWarranty as insertLongSerialWarranty,
  tag,
  validGtin,
  withWrongCheckDigit,
} from '../support/catalog-factories.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

let svc: TestService
let base: string
let app: string
/** A merchant's product with a GTIN-13, one of its items with a warranty. */
let gtin13: string
let gtin: string
let code: string
let serial: string
let title: string

beforeAll(async () => {
  svc = await createTestService()
  base = svc.config.publicApiUrl.replace(/\/+$/, '')
  app = svc.config.appUrl.replace(/\/+$/, '')
  const { merchant } = await createMerchantWithUsers(svc.deps)
  gtin13 = validGtin(13)
  gtin = gtin13.padStart(14, '0')
  title = `Kettle ${tag()}`
  const product = await createMerchantProduct(svc.deps.db, merchant.id, { gtin: gtin13, title })
  const warranty = await insertWarranty(svc.deps.db, {
    merchantId: merchant.id,
    merchantProductId: product.id,
  })
  code = warranty.warrantyCode
  serial = warranty.serialNumber
})
afterAll(() => svc?.close())

/** A warranty whose serial can be AI 21 (the factory's serial is a UUID: 39 characters). */
async function insertWarranty(...args: Parameters<typeof insertLongSerialWarranty>) {
  const row = await insertLongSerialWarranty(...args)
  const serialNumber = `SN${randomBytes(6).toString('hex').toUpperCase()}`
  await args[0].update(warranties).set({ serialNumber }).where(eq(warranties.id, row.id))
  return { ...row, serialNumber }
}

const get = (url: string, headers: Record<string, string> = {}) =>
  svc.request({ method: 'GET', url, headers })

describe('GET /01/{gtin}/21/{serial}: an item with a warranty', () => {
  it('redirects (307) to the certificate page, with the Link header, Vary: Accept and CORS', async () => {
    const res = await get(`/01/${gtin}/21/${serial}`)
    expect(res.statusCode).toBe(307)
    expect(res.headers.location).toBe(`${app}/verify/${code}?serialNumber=${encodeURIComponent(serial)}`)
    expect(res.headers.vary).toMatch(/accept/i)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    const link = String(res.headers.link)
    expect(link).toContain(`<${base}/01/${gtin}/21/${serial}?linkType=linkset>; rel="linkset"`)
    expect(link).toContain('rel="https://gs1.org/voc/certificationInfo"')
  })

  it('answers HEAD as GET (a resolver client may only look at the headers)', async () => {
    const res = await svc.request({ method: 'HEAD', url: `/01/${gtin}/21/${serial}` })
    expect(res.statusCode).toBe(307)
    expect(res.headers.location).toContain(`/verify/${code}`)
    expect(String(res.headers.link)).toContain('rel="linkset"')
  })

  it('answers the same for the GTIN-13 as for its GTIN-14 (normalised)', async () => {
    const res = await get(`/01/${gtin13}/21/${serial}`)
    expect(res.statusCode).toBe(307)
    expect(res.headers.location).toContain(`/verify/${code}`)
  })

  it('gives the linkset for linkType=linkset, linkType=all and Accept: application/linkset+json', async () => {
    const answers = await Promise.all([
      get(`/01/${gtin}/21/${serial}?linkType=linkset`),
      get(`/01/${gtin}/21/${serial}?linkType=all`),
      get(`/01/${gtin}/21/${serial}`, { accept: 'application/linkset+json' }),
      get(`/01/${gtin}/21/${serial}`, { accept: 'text/html;q=0.5, application/linkset+json;q=0.9' }),
    ])
    for (const res of answers) {
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('application/linkset+json')
      const { linkset } = res.json()
      expect(linkset).toHaveLength(1)
      expect(linkset[0].anchor).toBe(`${base}/01/${gtin}/21/${serial}`)
      expect(linkset[0]['https://gs1.org/voc/defaultLink'][0].href).toContain(`/verify/${code}`)
      expect(linkset[0]['https://gs1.org/voc/certificationInfo']).toHaveLength(2)
      expect(linkset[0]['https://gs1.org/voc/pip'][0]).toMatchObject({ title, type: 'text/html' })
    }
  })

  it('redirects to the link of a requested type (gs1: or the full IRI), 404 for a type it has none of', async () => {
    const pip = await get(`/01/${gtin}/21/${serial}?linkType=gs1:pip`)
    expect(pip.statusCode).toBe(307)
    expect(pip.headers.location).toBe(`${app}/verify?gtin=${gtin}`)
    const cert = await get(
      `/01/${gtin}/21/${serial}?linkType=${encodeURIComponent('https://gs1.org/voc/certificationInfo')}`,
    )
    expect(cert.statusCode).toBe(307)
    expect(cert.headers.location).toContain(`/verify/${code}`)
    const dflt = await get(`/01/${gtin}/21/${serial}?linkType=gs1:defaultLink`)
    expect(dflt.headers.location).toBe(cert.headers.location)
    for (const type of ['gs1:registerProduct', 'gs1:recallStatus', 'nonsense']) {
      const none = await get(`/01/${gtin}/21/${serial}?linkType=${encodeURIComponent(type)}`)
      expect(none.statusCode, type).toBe(404)
      expect(none.json().error).toBe('not_found')
    }
  })

  it('matches the serial without regard to case, as the service does', async () => {
    const res = await get(`/01/${gtin}/21/${serial.toLowerCase()}`)
    expect(res.headers.location).toContain(`/verify/${code}`)
  })
})

describe('GET /01/{gtin}: the product', () => {
  it('redirects to the product page and gives the product linkset, no certificate in it', async () => {
    const res = await get(`/01/${gtin}`)
    expect(res.statusCode).toBe(307)
    expect(res.headers.location).toBe(`${app}/verify?gtin=${gtin}`)
    const set = await get(`/01/${gtin}?linkType=linkset`)
    const [context] = set.json().linkset
    expect(context.anchor).toBe(`${base}/01/${gtin}`)
    expect(Object.keys(context).sort()).toEqual([
      'anchor',
      'https://gs1.org/voc/defaultLink',
      'https://gs1.org/voc/pip',
    ])
  })

  it('falls back to the product for an unknown serial of a known GTIN', async () => {
    const res = await get(`/01/${gtin}/21/UNKNOWN-1`)
    expect(res.statusCode).toBe(307)
    expect(res.headers.location).toBe(`${app}/verify?gtin=${gtin}`)
    const set = await get(`/01/${gtin}/21/UNKNOWN-1?linkType=linkset`)
    expect(set.json().linkset[0].anchor).toBe(`${base}/01/${gtin}`)
    expect(set.json().linkset[0]['https://gs1.org/voc/certificationInfo']).toBeUndefined()
  })

  it('knows a global product through the warranties that point at it, not before', async () => {
    const global = await createGlobalProduct(svc.deps.db, { gtin: validGtin(14) })
    expect((await get(`/01/${global.gtin}`)).statusCode).toBe(404)
    const { merchant } = await createMerchantWithUsers(svc.deps)
    const w = await insertWarranty(svc.deps.db, { merchantId: merchant.id, globalProductId: global.id })
    expect((await get(`/01/${global.gtin}`)).statusCode).toBe(307)
    const item = await get(`/01/${global.gtin}/21/${w.serialNumber}`)
    expect(item.headers.location).toContain(`/verify/${w.warrantyCode}`)
  })
})

describe('GET /.well-known/gs1resolver', () => {
  it('describes the resolver: its root, AI 01, the GS1 link types', async () => {
    const res = await get('/.well-known/gs1resolver')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      name: 'Warranty service',
      resolverRoot: base,
      supportedPrimaryKeys: ['01'],
      supportedLinkType: [{ namespace: 'https://gs1.org/voc/', prefix: 'gs1:' }],
      linkTypeDefaultCanBeLinkset: false,
    })
    expect(res.headers['access-control-allow-origin']).toBe('*')
  })
})

describe('refusals', () => {
  it('answers 400 invalid_gtin for a wrong check digit or a GTIN that is not one', async () => {
    for (const bad of [withWrongCheckDigit(gtin), '123', 'ABCDEFGHIJKLM', '123456789012345']) {
      const res = await get(`/01/${bad}`)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().error).toBe('invalid_gtin')
      const item = await get(`/01/${bad}/21/${serial}`)
      expect(item.json().error).toBe('invalid_gtin')
    }
  })

  it('answers 404 for a valid GTIN no product has', async () => {
    const res = await get(`/01/${validGtin(14)}`)
    expect(res.statusCode).toBe(404)
    expect((await get(`/01/${validGtin(8)}/21/X1`)).statusCode).toBe(404)
  })

  it('answers 400 for a serial that cannot be AI 21', async () => {
    const res = await get(`/01/${gtin}/21/${'X'.repeat(21)}`)
    expect(res.statusCode).toBe(400)
    expect((await get(`/01/${gtin}/21/a%20b`)).statusCode).toBe(400)
    // CSET 82 has the double quote, but GS1's digital-link.js refuses its encoding (%22).
    expect((await get(`/01/${gtin}/21/a%22b`)).statusCode).toBe(400)
  })
})

describe('linksets hold nothing personal', () => {
  it('carries no e-mail, name, phone or price of the buyer', async () => {
    const { merchant } = await createMerchantWithUsers(svc.deps)
    const product = await createMerchantProduct(svc.deps.db, merchant.id, { gtin: validGtin(12) })
    const w = await insertWarranty(svc.deps.db, { merchantId: merchant.id, merchantProductId: product.id })
    await svc.deps.db
      .update(warranties)
      .set({
        customerEmail: 'buyer-secret@example.com',
        customerName: 'Buyer Secretname',
        customerPhone: '+15550100',
        purchasePrice: 987.65,
        invoiceNumber: 'INV-SECRET',
      })
      .where(eq(warranties.id, w.id))
    const res = await get(`/01/${product.gtin}/21/${w.serialNumber}?linkType=linkset`)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toMatch(/buyer-secret|Secretname|15550100|987\.65|INV-SECRET/)
    expect(String(res.headers.link)).not.toMatch(/buyer-secret|Secretname/)
  })
})
