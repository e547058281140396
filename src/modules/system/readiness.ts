import { withTimeout } from '../../lib/async.js'

/** One dependency the service needs to answer requests: the database, the chain, the pinning store. */
export interface ReadinessCheck {
  name: string
  /** Resolves when healthy; rejects, or resolves `{ok: false, reason}`, with a short reason otherwise. */
  check(): Promise<unknown>
}

export interface ReadinessReport {
  ready: boolean
  checks: Record<string, { status: 'ok' | 'fail'; latencyMs: number; reason?: string }>
}

class NoAnswer extends Error {}

export async function runReadiness(
  checks: readonly ReadinessCheck[],
  timeoutMs = 3000,
): Promise<ReadinessReport> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      const started = performance.now()
      const latencyMs = () => Math.round(performance.now() - started)
      try {
        const outcome = await withTimeout(
          check(),
          timeoutMs,
          () => new NoAnswer(`no answer within ${timeoutMs} ms`),
        )
        if (isFailure(outcome)) throw new Error(outcome.reason)
        return [name, { status: 'ok' as const, latencyMs: latencyMs() }] as const
      } catch (err) {
        const reason = err instanceof NoAnswer ? err.message : publicReason(err)
        return [name, { status: 'fail' as const, latencyMs: latencyMs(), reason }] as const
      }
    }),
  )
  return { ready: results.every(([, r]) => r.status === 'ok'), checks: Object.fromEntries(results) }
}

/** A reason safe for a public answer: no hosts, paths or SQL from driver messages. */
function publicReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err)
  if (
    /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ECONNRESET|ETIMEDOUT|terminat|closed|ended|connect/i.test(message)
  ) {
    return 'unreachable'
  }
  // Adapters report their own short reasons ("signer has no funds", "store not writable").
  return message.length <= 80 && !/[/\\]|select|insert|update/i.test(message) ? message : 'check failed'
}

function isFailure(outcome: unknown): outcome is { ok: false; reason: string } {
  return typeof outcome === 'object' && outcome !== null && (outcome as { ok?: unknown }).ok === false
}
