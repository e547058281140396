/**
 * Calls `step` again and again, waiting longer each time (1 s, then ×1.6 up to 15 s), until it
 * answers true; a hidden tab waits at the longest interval. Returns the function that stops it.
 */
export function pollWithBackoff(step: () => Promise<boolean>, first = 1000, max = 15_000): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let wait = first
  const tick = async () => {
    if (stopped) return
    const done = await step().catch(() => false)
    if (done || stopped) return
    wait = Math.min(max, Math.round(wait * 1.6))
    timer = setTimeout(tick, document.hidden ? max : wait)
  }
  timer = setTimeout(tick, wait)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

/** Mint states that will not change by themselves. */
export const settled = (status: string) => status === 'MINTED' || status === 'FAILED'
