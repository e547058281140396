import { eq } from 'drizzle-orm'
import { receipts } from '../../../src/db/schema/index.js'
import { createMerchantProduct, validGtin } from '../../support/catalog-factories.js'
import { saveReceipt } from '../../support/receipt-factories.js'
import { uniqueSerial } from '../../support/warranty-factories.js'
import type { RouteCase, World } from '../world.js'

const SETTINGS = {
  enabled: true,
  coverageMonths: 12,
  coverageStart: 'PURCHASE_DATE',
  autoApproveMaxAgeDays: null,
  requireKnownSerial: false,
}

/** A fresh product of tenant A with registration on (every registration waits for review). */
async function registrableOfA(w: World) {
  const gtin = validGtin(13)
  const product = await createMerchantProduct(w.svc.deps.db, w.a.merchant.id, { gtin })
  await w.svc.services.productRegistrations.saveSettings(w.a.merchant.id, product.id, SETTINGS as never)
  return { product, gtin }
}

/** A PENDING registration of the world's customer at tenant A. */
async function registrationOfA(w: World) {
  const { gtin } = await registrableOfA(w)
  const receipt = await saveReceipt(w.svc, w.customer, { ocrData: null })
  await w.svc.deps.db.update(receipts).set({ ocrStatus: 'DONE' }).where(eq(receipts.id, receipt.id))
  return w.svc.services.registrations.register(
    { id: w.customer.id, email: w.customer.email },
    { gtin, serialNumber: uniqueSerial(), receiptId: receipt.id, purchaseDate: '2025-01-10' },
  )
}

/** Registration by the buyer: the public check, the buyer's routes, the merchant's queue and settings. */
export const cases: RouteCase[] = [
  {
    method: 'GET',
    route: '/v1/global/registrations/check',
    request: async (w) => ({
      url: `/v1/global/registrations/check?gtin=${(await registrableOfA(w)).gtin}&serial=SN-1`,
    }),
  },
  {
    method: 'POST',
    route: '/v1/customer/registrations',
    request: async (w) => {
      const { gtin } = await registrableOfA(w)
      const receipt = await saveReceipt(w.svc, w.customer)
      return {
        url: '/v1/customer/registrations',
        payload: { gtin, serialNumber: uniqueSerial(), receiptId: receipt.id, purchaseDate: '2025-01-10' },
      }
    },
  },
  {
    method: 'GET',
    route: '/v1/customer/registrations',
    request: () => ({ url: '/v1/customer/registrations?limit=5' }),
  },
  {
    method: 'GET',
    route: '/v1/customer/registrations/:id',
    request: async (w) => ({ url: `/v1/customer/registrations/${(await registrationOfA(w)).id}` }),
  },
  {
    method: 'GET',
    route: '/v1/merchant/registrations',
    request: () => ({ url: '/v1/merchant/registrations?limit=5' }),
  },
  {
    method: 'GET',
    route: '/v1/merchant/registrations/:id',
    request: async (w) => ({ url: `/v1/merchant/registrations/${(await registrationOfA(w)).id}` }),
    tenantScoped: true,
  },
  {
    method: 'POST',
    route: '/v1/merchant/registrations/:id/approve',
    request: async (w) => ({ url: `/v1/merchant/registrations/${(await registrationOfA(w)).id}/approve` }),
    tenantScoped: true,
  },
  {
    method: 'POST',
    route: '/v1/merchant/registrations/:id/refuse',
    request: async (w) => ({
      url: `/v1/merchant/registrations/${(await registrationOfA(w)).id}/refuse`,
      payload: { reason: 'Not our product' },
    }),
    tenantScoped: true,
  },
  {
    method: 'GET',
    route: '/v1/merchant/products/:id/registration',
    request: async (w) => ({
      url: `/v1/merchant/products/${(await registrableOfA(w)).product.id}/registration`,
    }),
    tenantScoped: true,
  },
  {
    method: 'PUT',
    route: '/v1/merchant/products/:id/registration',
    request: async (w) => ({
      url: `/v1/merchant/products/${(await registrableOfA(w)).product.id}/registration`,
      payload: SETTINGS,
    }),
    tenantScoped: true,
  },
  {
    method: 'POST',
    route: '/v1/merchant/products/:id/serials',
    request: async (w) => ({
      url: `/v1/merchant/products/${(await registrableOfA(w)).product.id}/serials`,
      payload: { serials: ['SN-1', 'SN-2'] },
    }),
    tenantScoped: true,
  },
  {
    method: 'GET',
    route: '/v1/merchant/products/:id/serials/uploads/:uploadId',
    request: async (w) => {
      const { product } = await registrableOfA(w)
      const upload = await w.svc.services.productRegistrations.upload(
        { merchantId: w.a.merchant.id, userId: w.a.owner.id },
        product.id,
        { serials: ['SN-1'] },
      )
      return { url: `/v1/merchant/products/${product.id}/serials/uploads/${upload.id}` }
    },
    tenantScoped: true,
  },
]
