import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { AppError } from '../../errors.js'
import { API_VERSION, packageVersion } from '../../version.js'
import { type ReadinessCheck, runReadiness } from './readiness.js'

const CheckResult = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('fail')]),
    latencyMs: Type.Integer(),
    reason: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
)

export async function systemRoutes(
  base: FastifyInstance,
  opts: { readiness: readonly ReadinessCheck[]; gitRevision: string | null },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/health',
    {
      config: { auth: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        operationId: 'health',
        summary: 'Liveness: the process answers',
        response: { 200: Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  )

  app.get(
    '/ready',
    {
      config: { auth: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        operationId: 'ready',
        summary: 'Readiness of the database, the chain and the pinning store; 503 names what fails',
        response: {
          200: Type.Object(
            { status: Type.Literal('ready'), checks: Type.Record(Type.String(), CheckResult) },
            { additionalProperties: false },
          ),
          503: Type.Object(
            {
              error: Type.Literal('unavailable'),
              message: Type.String(),
              checks: Type.Record(Type.String(), CheckResult),
            },
            { additionalProperties: false },
          ),
        },
      },
    },
    async (_request, reply) => {
      const report = await runReadiness(opts.readiness)
      if (report.ready) return { status: 'ready' as const, checks: report.checks }
      const failing = Object.entries(report.checks)
        .filter(([, c]) => c.status === 'fail')
        .map(([name, c]) => `${name} (${c.reason})`)
      reply.code(503).header('retry-after', '5')
      return {
        error: 'unavailable' as const,
        message: `Not ready: ${failing.join(', ')}`,
        checks: report.checks,
      }
    },
  )

  app.get(
    '/v1/version',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        operationId: 'version',
        summary: 'Package version, git revision and API version',
        response: {
          200: Type.Object(
            {
              version: Type.String(),
              gitRevision: Type.Union([Type.String(), Type.Null()]),
              apiVersion: Type.String(),
            },
            { additionalProperties: false },
          ),
        },
      },
    },
    async () => ({ version: packageVersion, gitRevision: opts.gitRevision, apiVersion: API_VERSION }),
  )

  app.get(
    '/openapi.json',
    {
      config: { auth: 'public' },
      schema: { hide: true },
    },
    async () => {
      if (!('swagger' in base)) throw new AppError('not_found')
      return (base as unknown as { swagger(): unknown }).swagger()
    },
  )
}
