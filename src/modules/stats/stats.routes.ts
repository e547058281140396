import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ADMINS, MERCHANT_USERS, merchantIdOf } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import { MerchantStats, PlatformStats } from './stats.schemas.js'
import type { StatsService } from './stats.service.js'

export async function statsRoutes(base: FastifyInstance, { stats }: { stats: StatsService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/admin/stats',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['stats'],
        operationId: 'getPlatformStats',
        summary: 'Platform statistics: merchants, users, catalogue, warranties and mints',
        response: { 200: PlatformStats, ...errorResponses(401, 403) },
      },
    },
    async () => stats.platform(),
  )

  app.get(
    '/v1/merchant/stats',
    {
      config: { auth: MERCHANT_USERS },
      schema: {
        tags: ['stats'],
        operationId: 'getMerchantStats',
        summary: "Dashboard statistics of the caller's merchant",
        response: { 200: MerchantStats, ...errorResponses(401, 403) },
      },
    },
    async (request) => stats.merchant(merchantIdOf(request)),
  )
}
