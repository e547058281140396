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

export async function runReadiness(
  checks: readonly ReadinessCheck[],
  timeoutMs = 3000,
): Promise<ReadinessReport> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      const started = performance.now()
      let timer: NodeJS.Timeout | undefined
      try {
        const outcome = await Promise.race([
          check(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
          }),
        ])
        if (isFailure(outcome)) throw new Error(outcome.reason)
        return [name, { status: 'ok' as const, latencyMs: Math.round(performance.now() - started) }] as const
      } catch (err) {
        const reason =
          err instanceof Error && err.message.startsWith('no answer') ? err.message : publicReason(err)
        return [
          name,
          { status: 'fail' as const, latencyMs: Math.round(performance.now() - started), reason },
        ] as const
      } finally {
        clearTimeout(timer)
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
