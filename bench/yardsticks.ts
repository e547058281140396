/**
 * The yardsticks every service benchmark is read against (issue 16), measured in the same run:
 * the bare Fastify hello-world, and with PostgreSQL `base-read` (one prepared primary-key
 * SELECT through `pg`, pool of 10) and `base-write` (one INSERT in its own transaction).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CONNECTIONS, DURATION, login, type Measurement, measure, startBaseline } from './lib.js'

export interface Yardsticks {
  hello: Measurement
  baseRead: Measurement | null
  baseWrite: Measurement | null
}

/** A row read against one yardstick: its key in `Yardsticks`. */
export type Against = 'hello' | 'baseRead' | 'baseWrite'
export type Row = Measurement & { against: Against; goal?: string }

export async function measureYardsticks(
  databaseUrl: string | null,
  duration = DURATION,
): Promise<Yardsticks> {
  console.error('yardsticks: bare Fastify, base-read, base-write')
  const server = await startBaseline(databaseUrl ? { BASE_DATABASE_URL: databaseUrl } : {})
  try {
    const hello = await measure('bare Fastify hello-world', { url: `${server.url}/`, duration })
    if (!databaseUrl) return { hello, baseRead: null, baseWrite: null }
    const baseRead = await measure('base-read (Fastify + prepared PK SELECT, pg pool 10)', {
      url: `${server.url}/base-read`,
      duration,
    })
    const baseWrite = await measure('base-write (Fastify + one INSERT, own transaction)', {
      url: `${server.url}/base-write`,
      method: 'POST',
      duration,
    })
    return { hello, baseRead, baseWrite }
  } finally {
    await server.stop()
  }
}

async function post<T>(url: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** A merchant with a product and an OWNER user, created through the admin API. */
export async function merchantToken(url: string): Promise<{ token: string; productId: string }> {
  const admin = await login(url)
  const merchant = await post<{ id: string }>(`${url}/v1/admin/merchants`, admin, { name: 'Bench Audio' })
  await post(`${url}/v1/admin/merchants/${merchant.id}/users`, admin, {
    email: 'seller@bench.example.com',
    password: 'bench-password',
    name: 'Seller',
    merchantRole: 'OWNER',
  })
  const token = await login(url, 'seller@bench.example.com', 'bench-password')
  const product = await post<{ id: string }>(`${url}/v1/merchant/products`, token, {
    merchantSku: 'BX-1',
    title: 'Bench Speaker',
    warrantyDurationMonths: 24,
  })
  return { token, productId: product.id }
}

export { post }

const ratio = (row: Measurement, yardstick: Measurement | null) =>
  yardstick ? (row.reqPerSec / yardstick.reqPerSec).toFixed(3) : '—'

/**
 * Prints the yardsticks and each row with its ratio to its yardstick (req/s ÷ yardstick req/s),
 * and keeps them as JSON under bench/results.
 */
export function reportAgainst(file: string, yardsticks: Yardsticks, rows: Row[], notes: string[] = []): void {
  const names: Record<Against, string> = {
    hello: 'hello-world',
    baseRead: 'base-read',
    baseWrite: 'base-write',
  }
  const sticks = [yardsticks.hello, yardsticks.baseRead, yardsticks.baseWrite].filter(
    (m): m is Measurement => m !== null,
  )
  const lines = [
    '| scenario | req/s | p99 (ms) | yardstick | ÷ yardstick | goal | non-2xx | errors |',
    '|---|---:|---:|---|---:|---|---:|---:|',
    ...sticks.map(
      (r) => `| ${r.name} | ${r.reqPerSec} | ${r.p99Ms} | — | — | — | ${r.non2xx} | ${r.errors} |`,
    ),
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.reqPerSec} | ${r.p99Ms} | ${names[r.against]} | ${ratio(r, yardsticks[r.against])} | ${r.goal ?? '—'} | ${r.non2xx} | ${r.errors} |`,
    ),
  ]
  console.log(lines.join('\n'))
  for (const note of notes) console.log(note)
  writeFileSync(
    join('bench', 'results', file),
    `${JSON.stringify({ date: new Date().toISOString(), duration: DURATION, connections: CONNECTIONS, yardsticks, rows, notes }, null, 2)}\n`,
  )
}
