import { randomBytes } from 'node:crypto'
import { DigitalLink } from 'digital-link.js'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warranties } from '../../src/db/schema/index.js'
import { generateWarrantyCode } from '../../src/modules/warranties/warranty-code.js'
import { createMerchantProduct, insertWarranty, validGtin } from '../support/catalog-factories.js'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

let svc: TestService
let merchantId: string
beforeAll(async () => {
  svc = await createTestService()
  merchantId = (await createMerchantWithUsers(svc.deps)).merchant.id
})
afterAll(() => svc?.close())

/** A warranty (not minted) of a product with `gtin`: a real code, a serial short enough for AI 21. */
async function warrantyOf(gtin: string | null) {
  const product = await createMerchantProduct(svc.deps.db, merchantId, { gtin })
  const w = await insertWarranty(svc.deps.db, { merchantId, merchantProductId: product.id })
  const serialNumber = `Sn${randomBytes(5).toString('hex')}`
  const code = generateWarrantyCode()
  await svc.deps.db
    .update(warranties)
    .set({ serialNumber, warrantyCode: code })
    .where(eq(warranties.id, w.id))
  return { code, serialNumber }
}

const verify = (code: string, serial?: string) =>
  svc.request({
    method: 'GET',
    url: `/v1/global/warranties/${code}/verify${serial === undefined ? '' : `?serialNumber=${encodeURIComponent(serial)}`}`,
  })

describe("the certificate's verification carries the Digital Link", () => {
  it("gives the item's link only to a caller who gave its serial, the product's otherwise", async () => {
    const gtin = validGtin(13)
    const { code, serialNumber } = await warrantyOf(gtin)
    const base = svc.config.publicApiUrl.replace(/\/+$/, '')
    const product = `${base}/01/0${gtin}`
    expect((await verify(code)).json().digitalLink).toBe(product)
    expect((await verify(code, 'NOT-IT')).json().digitalLink).toBe(product)
    // The serial check ignores case; the link carries the serial as the warranty holds it.
    const item = (await verify(code, serialNumber.toUpperCase())).json()
    expect(item.serialNumberMatches).toBe(true)
    expect(item.digitalLink).toBe(`${base}/01/0${gtin}/21/${serialNumber}`)
    expect(DigitalLink(item.digitalLink).isValid()).toBe(true)
    // The link resolves back to this certificate's page.
    const resolved = await svc.request({ method: 'GET', url: new URL(item.digitalLink).pathname })
    expect(resolved.statusCode).toBe(307)
    expect(resolved.headers.location).toContain(`/verify/${code}`)
  })

  it('is null when the product has no GTIN', async () => {
    const { code, serialNumber } = await warrantyOf(null)
    expect((await verify(code, serialNumber)).json().digitalLink).toBeNull()
  })
})
