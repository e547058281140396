import { DigitalLink } from 'digital-link.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantProduct, validGtin } from '../support/catalog-factories.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'

let svc: TestService
beforeAll(async () => {
  svc = await createTestService({ mint: true, env: { MINT_RETRY_DELAY_SECONDS: '1' } })
})
afterAll(() => svc?.close())

interface Attribute {
  trait_type: string
  value: string
}

describe("the certificate's public metadata carry the product's Digital Link", () => {
  it("is in the metadata pinned and minted for a product with a GTIN, valid for GS1's digital-link.js, without the serial", async () => {
    const { merchant, owner } = await createMerchantWithUsers(svc.deps, 'Kettle Works')
    const gtin = validGtin(13)
    const product = await createMerchantProduct(svc.deps.db, merchant.id, { gtin, title: 'Kettle K2' })
    const serialNumber = 'KW-SERIAL-77'
    const issued = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/issue',
      token: owner.token,
      payload: { serialNumber, merchantProductId: product.id, customerEmail: 'kettle.buyer@example.com' },
    })
    expect(issued.statusCode).toBe(200)
    const code = issued.json().warrantyCode as string

    const verified = await waitFor(
      async () => {
        const res = await svc.request({ method: 'GET', url: `/v1/global/warranties/${code}/verify` })
        const body = res.json()
        return body.certificate?.metadata ? body : null
      },
      60_000,
      200,
    )
    expect(verified.certificate.metadataHashMatches).toBe(true)
    const base = svc.config.publicApiUrl.replace(/\/+$/, '')
    const attributes = verified.certificate.metadata.attributes as Attribute[]
    const link = attributes.find((a) => a.trait_type === 'GS1 Digital Link')?.value
    expect(link).toBe(`${base}/01/0${gtin}`)
    expect(DigitalLink(link ?? '').isValid()).toBe(true)
    // The product's link, as the verification without a serial gives it; never the item's.
    expect(link).toBe(verified.digitalLink)
    const text = JSON.stringify(verified.certificate.metadata).toUpperCase()
    expect(text).not.toContain(serialNumber)
    expect(text).not.toContain('KETTLE.BUYER')
  }, 90_000)
})
