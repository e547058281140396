import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { MERCHANT_MANAGERS_ONLY, MERCHANT_USERS, merchantIdOf } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import { auditContext } from '../audit/index.js'
import { MerchantSettings, UpdateMerchantSettingsBody } from './merchants.schemas.js'
import type { MerchantsService } from './merchants.service.js'

/** The caller's merchant as its staff see it, and the currency its OWNER or ADMIN sets (docs/console.md). */
export async function merchantSettingsRoutes(
  base: FastifyInstance,
  { merchants }: { merchants: MerchantsService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/merchant/settings',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags: ['merchants'],
        operationId: 'getMerchantSettings',
        summary: "The caller's merchant: its name and the currency its prices are in",
        response: { 200: MerchantSettings, ...errorResponses(401, 403) },
      },
    },
    async (request) => merchants.settings(merchantIdOf(request)),
  )

  app.put(
    '/v1/merchant/settings',
    {
      config: { auth: MERCHANT_MANAGERS_ONLY },
      schema: {
        tags: ['merchants'],
        operationId: 'updateMerchantSettings',
        summary: "Set the merchant's currency (ISO 4217); OWNER or ADMIN",
        description:
          'The currency prices are shown in (the console, the customer app, the CSV import checks a ' +
          'currency mark on a price against it). Amounts already stored are not converted.',
        body: UpdateMerchantSettingsBody,
        response: { 200: MerchantSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => merchants.updateSettings(auditContext(request), merchantIdOf(request), request.body),
  )
}
