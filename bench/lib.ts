import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'

export const DURATION = Number(process.env.BENCH_DURATION ?? 10)
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)

export interface Measurement {
  name: string
  reqPerSec: number
  p99Ms: number
  p50Ms?: number
  errors: number
  non2xx: number
}

export interface Server {
  url: string
  /** The server process (for its memory: `/proc/<pid>/status`). */
  pid?: number
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref()
  })
}

/** The bare Fastify hello-world, in its own process like the service. */
export async function startBaseline(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/baseline-server.ts'], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => d.toString().includes('LISTENING') && resolve())
    child.once('exit', (code) => reject(new Error(`baseline exited with ${code}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    ...(child.pid !== undefined ? { pid: child.pid } : {}),
    stop: () => stopChild(child),
  }
}

/** The service as `npm start` runs it (src via tsx), in its own process, on a fresh data folder. */
export async function startService(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-bench-'))
  // BENCH_CPU_PROF=<dir>: the service writes a V8 CPU profile there when it stops.
  // BENCH_HEAP_PROF=<dir>: a sampling heap profile of the whole run (what allocated most).
  const profile = [
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ...(process.env.BENCH_HEAP_PROF ? ['--heap-prof', `--heap-prof-dir=${process.env.BENCH_HEAP_PROF}`] : []),
  ]
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      // Its own inbound-mail port: another service on this machine may hold the default 2525.
      INBOX_SMTP_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      // Load runs one merchant far past the production quotas of issue 26 (docs/security.md).
      QUOTA_MERCHANT_EMAILS_PER_DAY: '10000000',
      QUOTA_RECEIPTS_PER_CUSTOMER: '10000000',
      RATE_LIMIT_RECEIPT_SAVES: '100000000/1h',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`)
    const up = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false)
    if (up) break
    if (Date.now() > deadline) throw new Error('service did not start')
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    ...(child.pid !== undefined ? { pid: child.pid } : {}),
    async stop() {
      await stopChild(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export async function login(
  url: string,
  email = 'bench@example.com',
  password = 'bench-password',
): Promise<string> {
  const res = await fetch(`${url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

/** A database of its own on the machine's PostgreSQL, dropped afterwards. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const name = `wt_bench_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: server })
  try {
    await admin.connect()
  } catch {
    console.error(`PostgreSQL at ${server} is not reachable: skipping the PostgreSQL runs`)
    return null
  }
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server })
      await c.connect()
      await c.query(`drop database if exists "${name}" with (force)`)
      await c.end()
    },
  }
}

export interface MeasureOptions {
  url: string
  method?: string
  headers?: Record<string, string>
  /** A fixed body, or a function making one afresh for every request (unique serial numbers, e-mails). */
  body?: unknown
  duration?: number
  /** Concurrent connections (default BENCH_CONNECTIONS). */
  connections?: number
  /** A path (with its query) made afresh for every request (a random item of a large set). */
  path?: () => string
}

export async function measure(name: string, options: MeasureOptions): Promise<Measurement> {
  // A short warm-up so JIT and connection pools are in their steady state.
  await autocannon({
    url: options.url,
    connections: 10,
    duration: 2,
    idReplacement: true,
    ...requestOf(options),
  })
  const result = await autocannon({
    ...(process.env.BENCH_DEBUG
      ? {
          setupClient: (c: { on(e: string, f: (b: Buffer) => void): void }) =>
            c.on('body', (b) => console.error(b.toString().slice(0, 300))),
        }
      : {}),
    url: options.url,
    connections: options.connections ?? CONNECTIONS,
    duration: options.duration ?? DURATION,
    // `[<id>]` in a body becomes a fresh id per request (unique serial numbers, e-mails).
    idReplacement: true,
    ...requestOf(options),
  })
  const m = {
    name,
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
  console.error(`  ${name}: ${m.reqPerSec} req/s, p99 ${m.p99Ms} ms, non-2xx ${m.non2xx}, errors ${m.errors}`)
  return m
}

function requestOf(options: MeasureOptions) {
  const method = options.method ?? 'GET'
  const headers = {
    ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  }
  const { body } = options
  if (options.path) {
    const next = options.path
    return {
      requests: [
        { method, headers, setupRequest: (req: Record<string, unknown>) => ({ ...req, path: next() }) },
      ],
    }
  }
  if (typeof body === 'function') {
    const path = new URL(options.url).pathname
    const setupRequest = (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify(body()) })
    return { requests: [{ method, path, headers, setupRequest }] }
  }
  return { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }
}

/** Prints the table with each row's ratio to the baseline, and keeps it as JSON under bench/results. */
export function report(file: string, baseline: Measurement, rows: Measurement[]): void {
  const lines = [
    '| scenario | req/s | p99 (ms) | req/s ÷ baseline | p99 ÷ baseline | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...[baseline, ...rows].map(
      (r) =>
        `| ${r.name} | ${r.reqPerSec} | ${r.p99Ms} | ${(r.reqPerSec / baseline.reqPerSec).toFixed(3)} | ${(r.p99Ms / Math.max(1, baseline.p99Ms)).toFixed(2)} | ${r.non2xx} | ${r.errors} |`,
    ),
  ]
  console.log(lines.join('\n'))
  writeFileSync(
    join('bench', 'results', file),
    `${JSON.stringify({ date: new Date().toISOString(), duration: DURATION, connections: CONNECTIONS, baseline, rows }, null, 2)}\n`,
  )
}
