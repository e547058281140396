/**
 * `npm run bench:receipts`: saving 1 MB receipt photos (JPEG, 1600 × 2200, a different picture
 * for every request as long as BENCH_RECEIPT_IMAGES lasts) at concurrency 20 (BENCH_CONNECTIONS)
 * for BENCH_DURATION s through POST /v1/customer/receipts, on PostgreSQL (BENCH_DATABASE_URL; a
 * fresh database per scenario, dropped after), with the embedded blob store and with the local
 * S3 server (s3rver, its own process). The request carries `ocrData`, so no OCR runs: what is
 * measured is base64 decoding, the image pipeline (sniff, header check, rotation, re-encoding
 * without metadata, thumbnail), two blob puts and the transaction. Baselines in the same run:
 * bare Fastify hello-world, and bare Fastify parsing the same JSON bodies. RSS: the service
 * process's resident memory after the run and its peak (VmHWM), from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { loadConfig } from '../src/config/index.js'
import { openDatabase } from '../src/db/client.js'
import { TokenService } from '../src/http/tokens.js'
import { insertCustomers } from '../test/support/reminder-factories.js'
import {
  createPostgresDatabase,
  type Measurement,
  measure,
  type Server,
  startBaseline,
  startService,
} from './lib.js'

const duration = Number(process.env.BENCH_DURATION ?? 15)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20)
const imageCount = Number(process.env.BENCH_RECEIPT_IMAGES ?? 400)
const JWT_SECRET = 'bench-receipts-jwt-secret-0123456789abcdef'
const WIDTH = 1600
const HEIGHT = 2200

/** Distinct photos of paper-like noise, ~1 MB each: every one re-encodes to a new blob. */
async function makeImages(count: number): Promise<string[]> {
  const base = Buffer.alloc(WIDTH * HEIGHT * 3)
  const grain = randomBytes(WIDTH * HEIGHT)
  for (let i = 0; i < grain.length; i++) base.fill(150 + (grain[i]! % 100), i * 3, i * 3 + 3)
  const one = async (n: number) => {
    const raw = Buffer.from(base)
    // A different band of pixels each time: a different picture, the same cost.
    raw.fill(n % 256, (n % HEIGHT) * WIDTH * 3, ((n % HEIGHT) + 4) * WIDTH * 3)
    const jpeg = await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .blur(0.8)
      .jpeg({ quality: 90 })
      .toBuffer()
    return jpeg.toString('base64')
  }
  const out: string[] = []
  for (let i = 0; i < count; i += 8)
    out.push(...(await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, k) => one(i + k)))))
  return out
}

function memoryOf(pid: number | undefined): { rssMb: number; peakMb: number } {
  if (pid === undefined) return { rssMb: 0, peakMb: 0 }
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) }
}

/** CPU time (user + system) a process has used so far, ms; /proc/<pid>/stat counts in 1/100 s. */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return 0
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

async function receiptCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return Number((await client.query('select count(*) as n from receipts')).rows[0].n)
  } finally {
    await client.end()
  }
}

/** s3rver in its own process (so that its work is not counted in the client's), one bucket. */
async function startS3rver(): Promise<Server & { env: Record<string, string> }> {
  const dir = mkdtempSync(join(tmpdir(), 'wt-bench-s3-'))
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'node_modules/s3rver/bin/s3rver.js',
      '-d',
      dir,
      '-a',
      '127.0.0.1',
      '-p',
      '0',
      '--configure-bucket',
      'receipts',
      '-s',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      const port = /listening on [\d.]+:(\d+)/.exec(out)?.[1]
      if (port) resolve(Number(port))
    })
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}: ${out}`)))
  })
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    ...(child.pid !== undefined ? { pid: child.pid } : {}),
    env: {
      S3_ENDPOINT: url,
      S3_BUCKET: 'receipts',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A customer of the fresh database and a token for it (signed with the service's secret). */
async function customerToken(databaseUrl: string): Promise<string> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 })
  try {
    const [customer] = await insertCustomers(database.db, 1)
    const config = loadConfig({ JWT_SECRET, DATA_DIR: tmpdir() })
    return await new TokenService(config.jwt).issue({ sub: customer!.id, role: 'CUSTOMER', tv: 0 })
  } finally {
    await database.close()
  }
}

interface Row extends Measurement {
  /** Before the load (started, migrated, one customer). */
  idleRssMb?: number
  rssMb: number
  peakRssMb: number
  /** CPU the service (and s3rver) used per saved receipt, ms: independent of other load on the machine. */
  serviceCpuMs?: number
  s3CpuMs?: number
}

const loadBefore = loadavg()
  .map((n) => n.toFixed(1))
  .join(' ')
console.error(`making ${imageCount} distinct receipt photos …`)
const images = await makeImages(imageCount)
const averageBytes = Math.round(images.reduce((n, b) => n + (b.length * 3) / 4, 0) / images.length)
console.error(`  average ${(averageBytes / 2 ** 20).toFixed(2)} MB a photo`)
let next = 0
const body = () => ({ imageBase64: images[next++ % images.length]!, ocrData: { merchant: 'Bench Hardware' } })

const rows: Row[] = []
const baselineServer = await startBaseline()
const baseline = await measure('bare Fastify hello-world (baseline)', {
  url: `${baselineServer.url}/`,
  duration,
  connections,
})
const parsed = await measure('bare Fastify, the same JSON bodies parsed', {
  url: `${baselineServer.url}/upload`,
  method: 'POST',
  body,
  duration,
  connections,
})
const baselineMemory = memoryOf(baselineServer.pid)
rows.push({ ...parsed, rssMb: baselineMemory.rssMb, peakRssMb: baselineMemory.peakMb })
await baselineServer.stop()

for (const store of ['embedded', 's3'] as const) {
  const pgDb = await createPostgresDatabase()
  if (!pgDb) process.exit(1)
  const s3 = store === 's3' ? await startS3rver() : null
  const service = await startService({ DATABASE_URL: pgDb.url, JWT_SECRET, ...(s3?.env ?? {}) })
  try {
    const token = await customerToken(pgDb.url)
    next = 0
    const idleRssMb = memoryOf(service.pid).rssMb
    const cpuBefore = { service: cpuMsOf(service.pid), s3: cpuMsOf(s3?.pid) }
    const m = await measure(
      `save a 1 MB receipt, ${store === 's3' ? 'S3 (local s3rver)' : 'embedded blob store'} (PostgreSQL)`,
      {
        url: `${service.url}/v1/customer/receipts`,
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body,
        duration,
        connections,
      },
    )
    const mem = memoryOf(service.pid)
    // The requests autocannon left in flight finish before the service stops (and are counted).
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const saved = await receiptCount(pgDb.url)
    const perSave = (ms: number) => Math.round(ms / Math.max(1, saved))
    if (next > images.length)
      console.error(`  note: ${next} requests for ${images.length} photos; later ones repeat bytes`)
    rows.push({
      ...m,
      idleRssMb,
      rssMb: mem.rssMb,
      peakRssMb: mem.peakMb,
      serviceCpuMs: perSave(cpuMsOf(service.pid) - cpuBefore.service),
      ...(s3 ? { s3CpuMs: perSave(cpuMsOf(s3.pid) - cpuBefore.s3) } : {}),
    })
  } finally {
    await service.stop()
    await s3?.stop()
    await pgDb.drop()
  }
}

const lines = [
  `Load average before the run: ${loadBefore}; after: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}.`,
  `Concurrency ${connections}, ${duration} s each; ${imageCount} distinct photos of ${(averageBytes / 2 ** 20).toFixed(2)} MB.`,
  '',
  '| scenario | req/s | p99 (ms) | req/s ÷ baseline | p99 ÷ baseline | req/s ÷ same bodies | p99 ÷ same bodies | RSS idle → after (MB) | peak RSS (MB) | CPU per save (ms) | non-2xx | errors |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  `| ${baseline.name} | ${baseline.reqPerSec} | ${baseline.p99Ms} | 1.000 | 1.00 | | | | | | ${baseline.non2xx} | ${baseline.errors} |`,
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.reqPerSec} | ${r.p99Ms} | ${(r.reqPerSec / baseline.reqPerSec).toFixed(4)} | ${(r.p99Ms / Math.max(1, baseline.p99Ms)).toFixed(1)} | ${(r.reqPerSec / parsed.reqPerSec).toFixed(2)} | ${(r.p99Ms / Math.max(1, parsed.p99Ms)).toFixed(2)} | ${r.idleRssMb === undefined ? '' : `${r.idleRssMb} → `}${r.rssMb} | ${r.peakRssMb} | ${r.serviceCpuMs === undefined ? '' : `${r.serviceCpuMs}${r.s3CpuMs === undefined ? '' : ` + s3rver ${r.s3CpuMs}`}`} | ${r.non2xx} | ${r.errors} |`,
  ),
]
console.log(lines.join('\n'))
writeFileSync(
  join('bench', 'results', 'receipts.json'),
  `${JSON.stringify({ date: new Date().toISOString(), duration, connections, imageCount, averageBytes, baseline, rows }, null, 2)}\n`,
)
