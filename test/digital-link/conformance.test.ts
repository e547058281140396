import { randomBytes } from 'node:crypto'
import { Ajv } from 'ajv'
import { DigitalLink, webVoc } from 'digital-link.js'
import { eq } from 'drizzle-orm'
import jsQRModule from 'jsqr'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantProducts, warranties } from '../../src/db/schema/index.js'
import {
  createMerchantProduct,
  insertWarranty,
  validGtin,
  withWrongCheckDigit,
} from '../support/catalog-factories.js'
import { createMerchantWithUsers, type TestUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

// Conformance checked by tools nobody on the project wrote: GS1's digital-link.js for every URI
// the service prints, jsQR for every QR code, RFC 9264's JSON shape for the linkset, and GS1's
// Web Vocabulary (as digital-link.js carries it) for every link type.

let svc: TestService
let owner: TestUser
let otherOwner: TestUser
let productId: string
let gtin: string
let serial: string
/**
 * Serials with characters a URI must percent-encode (AI 21 allows them; the double quote is
 * refused: digital-link.js does not accept its encoding, see the resolver test).
 */
const AWKWARD = ['A/B', "x!'()*y", 'a%b&c=d?', 'Q+R,S;T:U<V>_.-']

beforeAll(async () => {
  svc = await createTestService()
  const a = await createMerchantWithUsers(svc.deps)
  owner = a.owner
  otherOwner = (await createMerchantWithUsers(svc.deps)).owner
  const product = await createMerchantProduct(svc.deps.db, a.merchant.id, { gtin: validGtin(12) })
  productId = product.id
  gtin = (product.gtin ?? '').padStart(14, '0')
  const w = await insertWarranty(svc.deps.db, { merchantId: a.merchant.id, merchantProductId: product.id })
  serial = `SN${randomBytes(5).toString('hex')}`
  await svc.deps.db.update(warranties).set({ serialNumber: serial }).where(eq(warranties.id, w.id))
})
afterAll(() => svc?.close())

const get = (url: string) => svc.request({ method: 'GET', url })

/** jsqr is CommonJS with a `default` in its types: the function either way. */
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ??
  jsQRModule) as unknown as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null

/** The text of the QR code in an image (PNG, or SVG rendered at 600 dpi). */
async function decode(image: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(image, { density: 600 })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)
    ?.data
}

/** The serial (AI 21) digital-link.js reads in a URI, percent-decoded (it keeps the URI's encoding). */
const serialOf = (uri: string) => decodeURIComponent(DigitalLink(uri).getKeyQualifiers()['21'] ?? '')

/** RFC 9264 § 4.2: a `linkset` array of link context objects, each an `anchor` and relations → target arrays. */
const RFC9264 = {
  type: 'object',
  required: ['linkset'],
  additionalProperties: false,
  properties: {
    linkset: {
      type: 'array',
      items: {
        type: 'object',
        required: ['anchor'],
        properties: { anchor: { type: 'string', format: 'uri' } },
        additionalProperties: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['href'],
            properties: {
              href: { type: 'string', format: 'uri' },
              type: { type: 'string' },
              title: { type: 'string' },
              hreflang: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
  },
}
const ajv = new Ajv({ strict: true, allErrors: true })
ajv.addFormat('uri', /^https?:\/\/[^\s]+$/)
const validLinkset = ajv.compile(RFC9264)
const VOCABULARY = new Set(Object.keys(webVoc.linkType).map((term) => `https://gs1.org/voc/${term}`))

describe('the URIs the service prints are valid GS1 Digital Links (digital-link.js)', () => {
  it('the GTIN and the check digit: valid for ours, invalid for a wrong check digit', async () => {
    const res = await get(`/01/${gtin}/21/${serial}?linkType=linkset`)
    const { anchor } = res.json().linkset[0]
    expect(DigitalLink(anchor).isValid(), anchor).toBe(true)
    expect(DigitalLink(anchor).getIdentifier()).toEqual({ '01': gtin })
    expect(DigitalLink(anchor).getKeyQualifiers()).toEqual({ '21': serial })
    expect(DigitalLink(anchor.replace(gtin, withWrongCheckDigit(gtin))).isValid()).toBe(false)
    const product = (await get(`/01/${gtin}?linkType=linkset`)).json().linkset[0].anchor
    expect(DigitalLink(product).isValid(), product).toBe(true)
  })

  it('every QR code decodes (jsQR) to exactly its valid Digital Link, SVG and PNG, awkward serials too', async () => {
    for (const s of [serial, ...AWKWARD]) {
      for (const format of ['svg', 'png'] as const) {
        const url = `/v1/global/digital-link/qr?gtin=${gtin}&serial=${encodeURIComponent(s)}&format=${format}`
        const res = await get(url)
        expect(res.statusCode, url).toBe(200)
        expect(res.headers['content-type']).toContain(format === 'svg' ? 'image/svg+xml' : 'image/png')
        const uri = String(res.headers['x-digital-link'])
        expect(await decode(res.rawPayload), `${format} ${s}`).toBe(uri)
        expect(DigitalLink(uri).isValid(), uri).toBe(true)
        expect(serialOf(uri)).toBe(s)
      }
    }
    const productQr = await get(`/v1/global/digital-link/qr?gtin=${gtin}&format=png&size=200`)
    const uri = await decode(productQr.rawPayload)
    expect(uri).toBe(`${svc.config.publicApiUrl.replace(/\/+$/, '')}/01/${gtin}`)
    expect(DigitalLink(uri ?? '').isValid()).toBe(true)
  })

  it('each URI printed resolves here: the awkward serial reaches the resolver as printed', async () => {
    const res = await get(`/v1/global/digital-link/qr?gtin=${gtin}&serial=${encodeURIComponent('A/B')}`)
    const path = new URL(String(res.headers['x-digital-link'])).pathname
    const answer = await get(`${path}?linkType=linkset`)
    expect(answer.statusCode).toBe(200)
    expect(answer.json().linkset[0].anchor).toBe(`${svc.config.publicApiUrl.replace(/\/+$/, '')}/01/${gtin}`)
  })

  it('the label sheet: one label per serial, each QR code decoding to its valid Digital Link', async () => {
    const serials = [serial, ...AWKWARD]
    const res = await svc.request({
      method: 'POST',
      url: `/v1/merchant/products/${productId}/labels`,
      payload: { serials },
      token: owner.token,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).not.toContain('<script')
    const svgs = res.body.match(/<svg[\s\S]*?<\/svg>/g) ?? []
    expect(svgs).toHaveLength(serials.length)
    for (const [i, svg] of svgs.entries()) {
      const uri = await decode(Buffer.from(svg))
      expect(DigitalLink(uri ?? '').isValid(), uri).toBe(true)
      expect(serialOf(uri ?? '')).toBe(serials[i])
    }
  })
})

describe('the linkset is RFC 9264 JSON with GS1 Web Vocabulary link types', () => {
  it('validates, and names only link types of the vocabulary', async () => {
    for (const url of [`/01/${gtin}/21/${serial}`, `/01/${gtin}`, `/01/${gtin}/21/NOPE`]) {
      const res = await svc.request({ method: 'GET', url, headers: { accept: 'application/linkset+json' } })
      expect(res.headers['content-type']).toContain('application/linkset+json')
      const body = res.json()
      expect(validLinkset(body), JSON.stringify(validLinkset.errors)).toBe(true)
      for (const context of body.linkset) {
        for (const relation of Object.keys(context).filter((k) => k !== 'anchor')) {
          expect(VOCABULARY.has(relation), relation).toBe(true)
        }
        expect(context['https://gs1.org/voc/defaultLink']).toHaveLength(1)
      }
    }
  })

  it('with registration by the buyer on: validates, gs1:registerProduct is a vocabulary term, the anchor a valid Digital Link', async () => {
    const registrable = validGtin(13)
    const product = await createMerchantProduct(svc.deps.db, (await productMerchant()).id, {
      gtin: registrable,
    })
    const put = await svc.request({
      method: 'PUT',
      url: `/v1/merchant/products/${product.id}/registration`,
      token: owner.token,
      payload: {
        enabled: true,
        coverageMonths: 12,
        coverageStart: 'PURCHASE_DATE',
        autoApproveMaxAgeDays: null,
        requireKnownSerial: false,
      },
    })
    expect(put.statusCode).toBe(200)
    expect(VOCABULARY.has('https://gs1.org/voc/registerProduct')).toBe(true)
    for (const url of [`/01/${registrable}/21/${serial}`, `/01/${registrable}`]) {
      const body = (await get(`${url}?linkType=linkset`)).json()
      expect(validLinkset(body), JSON.stringify(validLinkset.errors)).toBe(true)
      const [context] = body.linkset
      expect(DigitalLink(context.anchor).isValid(), context.anchor).toBe(true)
      expect(context['https://gs1.org/voc/registerProduct']).toHaveLength(1)
      for (const relation of Object.keys(context).filter((k) => k !== 'anchor')) {
        expect(VOCABULARY.has(relation), relation).toBe(true)
      }
    }
  })
})

/** The merchant of the file's product. */
async function productMerchant() {
  const [row] = await svc.deps.db.select().from(merchantProducts).where(eq(merchantProducts.id, productId))
  if (!row) throw new Error('the product is gone')
  return { id: row.merchantId }
}

describe('QR codes and labels: refusals', () => {
  it('makes no QR code for a GTIN the service does not have, nor a bad one', async () => {
    expect((await get(`/v1/global/digital-link/qr?gtin=${validGtin(13)}`)).statusCode).toBe(404)
    const bad = await get(`/v1/global/digital-link/qr?gtin=${withWrongCheckDigit(gtin)}`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('invalid_gtin')
  })

  it("prints labels only of the merchant's own product with a GTIN, for serials that can be AI 21", async () => {
    const url = `/v1/merchant/products/${productId}/labels`
    const other = await svc.request({
      method: 'POST',
      url,
      payload: { serials: ['X1'] },
      token: otherOwner.token,
    })
    expect(other.statusCode).toBe(404)
    const tooLong = await svc.request({
      method: 'POST',
      url,
      payload: { serials: ['OK1', 'Y'.repeat(21)] },
      token: owner.token,
    })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().details[0].path).toBe('/body/serials/1')
    // Every serial that cannot be AI 21 is named at once, so a list is corrected in one go.
    const several = await svc.request({
      method: 'POST',
      url,
      // `.` and `..` are dot segments: a browser would drop them from the printed link.
      payload: { serials: ['OK1', 'has space', 'OK2', 'quote"d', 'Z'.repeat(21), '.', '..', '...'] },
      token: owner.token,
    })
    expect(several.statusCode).toBe(400)
    expect(several.json().error).toBe('validation_error')
    expect(several.json().details.map((d: { path: string }) => d.path)).toEqual([
      '/body/serials/1',
      '/body/serials/3',
      '/body/serials/4',
      '/body/serials/5',
      '/body/serials/6',
    ])
    const noGtin = await createMerchantProduct(svc.deps.db, owner.merchantId ?? '', {})
    const refused = await svc.request({
      method: 'POST',
      url: `/v1/merchant/products/${noGtin.id}/labels`,
      payload: { serials: ['X1'] },
      token: owner.token,
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toBe('invalid_state')
  })
})
