// The part of autocannon's API the benchmarks use (it ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>
    requests?: {
      method?: string
      path?: string
      headers?: Record<string, string>
      setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>
    }[]
    idReplacement?: boolean
    setupClient?: (client: { on(event: string, listener: (body: Buffer) => void): void }) => void
  }
  interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p99: number
    max: number
    total: number
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    duration: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
