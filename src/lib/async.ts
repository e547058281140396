/** Rejects with `onTimeout()` when `promise` has not settled within `ms`; the timer never outlives it. */
export async function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  onTimeout: () => Error = () => new Error(`no answer within ${ms} ms`),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** An error's message for a log line or a stored error column, cut to `max` characters. */
export function errorText(err: unknown, max = 1000): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, max)
}
