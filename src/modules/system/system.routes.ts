import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { AppError } from '../../errors.js'
import { errorResponses } from '../../http/schemas.js'
import { API_VERSION, packageVersion } from '../../version.js'
import { type ReadinessCheck, runReadiness } from './readiness.js'

/** What certificates are verified against (GET /v1/version). */
export interface Verification {
  chainId: number
  contractAddress: string
  custodian: string
  /** `{PUBLIC_API_URL}/ipfs` */
  gateway: string
}

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
  opts: { readiness: readonly ReadinessCheck[]; gitRevision: string | null; verification: Verification },
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
        response: {
          200: Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false }),
          ...errorResponses(400),
        },
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
          ...errorResponses(400),
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

  versionRoute(app, opts)

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

/** `GET /v1/version`: versions, and what an outsider verifies certificates against. */
function versionRoute(
  app: FastifyInstance,
  opts: { gitRevision: string | null; verification: Verification },
): void {
  app.get(
    '/v1/version',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        operationId: 'version',
        summary: 'Package version, git revision, API version, and what to verify certificates against',
        description:
          'Everything an outsider needs to check a certificate without trusting us: the chain id, the ' +
          'certificate contract, the custodial address tokens are minted to, and the IPFS gateway (which ' +
          'also answers as an IPFS trustless gateway: `?format=raw|car`).',
        response: {
          200: Type.Object(
            {
              version: Type.String(),
              gitRevision: Type.Union([Type.String(), Type.Null()]),
              apiVersion: Type.String(),
              chain: Type.Object(
                {
                  chainId: Type.Integer(),
                  certificateContract: Type.String({ description: 'ERC-721 contract address (0x…)' }),
                  custodian: Type.String({
                    description: 'The address certificates are minted to and held by',
                  }),
                },
                { additionalProperties: false },
              ),
              ipfs: Type.Object(
                {
                  gateway: Type.String({ description: 'Base URL: `{gateway}/{cid}[/{path}]`' }),
                  verifiableFormats: Type.Array(Type.String()),
                },
                { additionalProperties: false },
              ),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(400),
        },
      },
    },
    async () => ({
      version: packageVersion,
      gitRevision: opts.gitRevision,
      apiVersion: API_VERSION,
      chain: {
        chainId: opts.verification.chainId,
        certificateContract: opts.verification.contractAddress,
        custodian: opts.verification.custodian,
      },
      ipfs: {
        gateway: opts.verification.gateway,
        verifiableFormats: ['application/vnd.ipld.raw', 'application/vnd.ipld.car'],
      },
    }),
  )
}
