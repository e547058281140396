/**
 * `npm run bench:mail`: how fast the e-mail outbox drains. BENCH_MAILS (default 3,000) claim
 * e-mails are enqueued (sealed, as issuing does) on the embedded server (as `npm start`) and on
 * PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a fresh
 * database is created and dropped), then `dispatch()` delivers them over SMTP to the test sink
 * (test/support/smtp-sink.ts, in a process of its own). Each variant runs in turn on the same
 * database, after a warm-up of its own; the first, the outbox and SMTP adapter of BENCH_BEFORE_REF,
 * is the baseline and the others are reported as ratios to it. Checked each time: every message
 * SENT, delivered once (distinct Message-IDs at the sink). BENCH_DB=embedded|postgres runs one
 * database; BENCH_ROUNDS repeats the variants; BENCH_VARIANTS (JSON) replaces them.
 * Results: bench/results/mail-drain.json.
 */
import { type ChildProcess, execSync, fork } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { createSmtpMail } from '../src/adapters/mail/smtp-mail.js'
import { type Database, openDatabase } from '../src/db/client.js'
import { obtainDatabase } from '../src/db/obtain.js'
import type { JobQueue } from '../src/jobs/queue.js'
import { createLogger } from '../src/logger.js'
import { MailOutbox } from '../src/modules/mail/mail.service.js'
import { createPostgresDatabase } from './lib.js'

const COUNT = Number(process.env.BENCH_MAILS ?? 3000)
const quiet = createLogger({ logLevel: 'warn' })
const ONLY = process.env.BENCH_DB // embedded | postgres | unset: both
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1)
const WARMUP = Math.max(200, Math.round(COUNT / 10))

/** The code measured as "before": `src` at this commit, extracted under bench/ for the run. */
const BEFORE_REF = process.env.BENCH_BEFORE_REF ?? 'eb7e948'

interface Variant {
  name: string
  /** `before`: the outbox and SMTP adapter of BEFORE_REF (their own fixed settings). */
  code: 'before' | 'now'
  /** MAIL_BATCH_SIZE and MAIL_CONCURRENCY (also the SMTP connections). */
  batchSize: number
  concurrency: number
}

const VARIANTS: Variant[] = process.env.BENCH_VARIANTS
  ? (JSON.parse(process.env.BENCH_VARIANTS) as Variant[])
  : [
      {
        name: `before (${BEFORE_REF}: batch 50, groups of 10, 10 connections)`,
        code: 'before',
        batchSize: 50,
        concurrency: 10,
      },
      { name: 'now, defaults (batch 200, 10 at once)', code: 'now', batchSize: 200, concurrency: 10 },
      { name: 'now, batch 50, 10 at once', code: 'now', batchSize: 50, concurrency: 10 },
      { name: 'now, batch 200, 20 at once', code: 'now', batchSize: 200, concurrency: 20 },
    ]

type Code = { MailOutbox: typeof MailOutbox; createSmtpMail: typeof createSmtpMail }

/** The outbox and SMTP adapter of `ref`: its `src` extracted under bench/ (node_modules resolve from the repository). */
async function codeAt(ref: string): Promise<{ code: Code; remove(): void }> {
  const dir = join('bench', `.before-${ref}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir)
  execSync(`git archive ${ref} src | tar -x -C ${dir}`)
  const base = `./.before-${ref}/src`
  const outbox = (await import(`${base}/modules/mail/mail.service.js`)) as Pick<Code, 'MailOutbox'>
  const smtp = (await import(`${base}/adapters/mail/smtp-mail.js`)) as Pick<Code, 'createSmtpMail'>
  return {
    code: { MailOutbox: outbox.MailOutbox, createSmtpMail: smtp.createSmtpMail },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

interface Row {
  db: string
  variant: string
  mails: number
  seconds: number
  perSecond: number
  delivered: number
  duplicates: number
  /** CPU milliseconds per message: this process (outbox, pg, nodemailer) and the sink's. */
  senderCpuMs: number
  sinkCpuMs: number
  ratio?: number
}

function startSink(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork('bench/smtp-sink-process.ts', [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      const m = /SINK (\S+)/.exec(d.toString())
      if (m?.[1]) resolve({ url: m[1], child })
    })
    child.once('exit', (code) => reject(new Error(`sink exited with ${code}`)))
  })
}

function askSink(child: ChildProcess, type: 'count' | 'clear'): Promise<{ count: number; unique: number }> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string; count: number; unique: number }) => {
      if (m.type !== type) return
      child.off('message', onMessage)
      resolve(m)
    }
    child.on('message', onMessage)
    child.send({ type })
  })
}

/** BENCH_CPU_PROF=<dir>: a V8 CPU profile of each measured drain (not its enqueueing) written there. */
async function startProfile(): Promise<(name: string) => Promise<void>> {
  const session = new Session()
  session.connect()
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
    )
  await post('Profiler.enable')
  await post('Profiler.start')
  return async (name) => {
    const { profile } = (await post('Profiler.stop')) as { profile: object }
    mkdirSync(process.env.BENCH_CPU_PROF ?? '.', { recursive: true })
    writeFileSync(join(process.env.BENCH_CPU_PROF ?? '.', `${name}.cpuprofile`), JSON.stringify(profile))
    session.disconnect()
  }
}

/** User + system CPU milliseconds a process has used so far (Linux). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

const logDir = mkdtempSync(join(tmpdir(), 'wt-bench-mail-'))
// The service logs each message at info; so does this run, to a file.
const logger = pino({ level: 'info' }, pino.destination({ dest: join(logDir, 'log.ndjson'), sync: false }))
const noQueue = { send: async () => null } as unknown as JobQueue

async function enqueue(
  outbox: InstanceType<Code['MailOutbox']>,
  database: Database,
  count: number,
): Promise<void> {
  for (let done = 0; done < count; done += 500) {
    await database.db.transaction(async (tx) => {
      for (let i = done; i < Math.min(count, done + 500); i++) {
        await outbox.enqueue(tx, {
          to: `customer-${i}@example.com`,
          content: {
            template: 'warranty.notification',
            data: {
              merchantName: 'Bench Appliances',
              productName: 'Espresso Machine EM-200',
              serialNumber: `SN-${i}`,
              warrantyCode: 'WR-7Q2K-9XMD-P4TB',
              expiresAt: new Date('2028-03-14T00:00:00Z'),
              claimUrl: `http://app.test/claim?claimId=${'x'.repeat(40)}${i}`,
              customerName: 'Jane Doe',
            },
          },
          about: { type: 'warranty', id: '00000000-0000-4000-8000-000000000000' },
        })
      }
    })
  }
}

async function runVariant(
  db: string,
  database: Database,
  sink: { url: string; child: ChildProcess },
  v: Variant,
  code: Code,
  count = COUNT,
) {
  const mail = code.createSmtpMail({
    url: sink.url,
    from: 'bench@warranty.local',
    logger,
    maxConnections: v.concurrency,
  })
  const jwt = { secret: 'bench-secret-bench-secret-bench-secret', previousSecret: null }
  const outbox = new code.MailOutbox({
    db: database.db,
    mail,
    queue: noQueue,
    logger,
    settings: {
      // BEFORE_REF's outbox reads the secret from its settings; the current one from `jwt`.
      ...jwt,
      smtpUrl: null,
      from: 'bench@warranty.local',
      retryDelaySeconds: 10,
      maxAttempts: 10,
      batchSize: v.batchSize,
      concurrency: v.concurrency,
    },
    jwt,
    exclusive: (fn) => database.exclusive(727_274_003, fn),
  })
  await askSink(sink.child, 'clear')
  // Wake-ups go to a queue that runs nothing: this run dispatches by hand.
  await enqueue(outbox, database, count)
  const profiling = process.env.BENCH_CPU_PROF && count === COUNT ? await startProfile() : null
  const start = performance.now()
  const cpu = process.cpuUsage()
  const sinkCpu = cpuMsOf(sink.child.pid ?? 0)
  for (;;) {
    const counts = await outbox.dispatch()
    if (counts.sent + counts.failed + counts.retrying === 0) break
  }
  const seconds = (performance.now() - start) / 1000
  const used = process.cpuUsage(cpu)
  await profiling?.(`${db}-${v.code}-${v.batchSize}-${v.concurrency}`)
  const senderCpuMs = (used.user + used.system) / 1000 / count
  const sinkCpuMs = (cpuMsOf(sink.child.pid ?? 0) - sinkCpu) / count
  await mail.close()
  const { count: delivered, unique } = await askSink(sink.child, 'count')
  const left = (await database.db.execute(
    sql`select count(*)::int as n from mail_messages where status <> 'SENT'`,
  )) as unknown as { rows: { n: number }[] }
  if (Number(left.rows[0]?.n) !== 0) throw new Error(`${left.rows[0]?.n} messages not SENT`)
  // Each run starts from an empty, vacuumed table: no dead rows left by the one before.
  await database.db.execute(sql`delete from mail_messages`)
  await database.db.execute(sql`vacuum mail_messages`)
  const row: Row = {
    db,
    variant: v.name,
    mails: count,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(count / seconds),
    delivered,
    duplicates: delivered - unique,
    senderCpuMs: Number(senderCpuMs.toFixed(2)),
    sinkCpuMs: Number(sinkCpuMs.toFixed(2)),
  }
  console.error(
    `  ${db} · ${v.name}: ${row.perSecond} mails/s (${row.seconds} s), ${delivered} delivered, CPU ms/mail ${row.senderCpuMs} here, ${row.sinkCpuMs} sink, load ${loadavg()[0]?.toFixed(2)}`,
  )
  return row
}

/** Every variant, after a short warm-up of its own (JIT, the first connections), in turn; BENCH_ROUNDS times. */
async function runAll(db: string, database: Database, sink: { url: string; child: ChildProcess }) {
  for (let round = 0; round < ROUNDS; round++) {
    for (const v of VARIANTS) {
      await runVariant(db, database, sink, v, codeOf(v), WARMUP)
      rows.push(await runVariant(db, database, sink, v, codeOf(v)))
    }
  }
}

const rows: Row[] = []
const before = VARIANTS.some((v) => v.code === 'before') ? await codeAt(BEFORE_REF) : null
const codeOf = (v: Variant): Code =>
  v.code === 'before' && before ? before.code : { MailOutbox, createSmtpMail }
const sink = await startSink()
const started = new Date().toISOString()
const load = [loadavg()[0]]
try {
  if (ONLY !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'wt-bench-mail-db-'))
    const database = await obtainDatabase({ url: null, dataDir: dir, logger: quiet, embedded: 'own' })
    try {
      await database.migrate()
      await runAll('embedded', database, sink)
    } finally {
      await database.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
  if (ONLY !== 'embedded') {
    const created = await createPostgresDatabase()
    if (created) {
      const database = await openDatabase({ url: created.url, poolSize: 10 })
      try {
        await database.migrate()
        await runAll('PostgreSQL', database, sink)
      } finally {
        await database.close()
        await created.drop()
      }
    }
  }
} finally {
  sink.child.disconnect()
  before?.remove()
  rmSync(logDir, { recursive: true, force: true })
}
load.push(loadavg()[0])
for (const row of rows) {
  // Each row against the baseline of its database and round.
  const same = rows.filter((r) => r.db === row.db)
  const base = same[Math.floor(same.indexOf(row) / VARIANTS.length) * VARIANTS.length]
  if (base) row.ratio = Number((row.perSecond / base.perSecond).toFixed(2))
}
console.log(
  [
    `${COUNT} claim e-mails per run (after ${WARMUP} to warm up), ${started}, load average ${load.map((l) => l?.toFixed(2)).join(' → ')}`,
    '| database | settings | mails/s | seconds | ÷ before | delivered | duplicates | CPU ms/mail (sender · sink) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.variant} | ${r.perSecond} | ${r.seconds} | ${r.ratio} | ${r.delivered} | ${r.duplicates} | ${r.senderCpuMs} · ${r.sinkCpuMs} |`,
    ),
  ].join('\n'),
)
writeFileSync(
  join('bench', 'results', 'mail-drain.json'),
  `${JSON.stringify({ date: started, mails: COUNT, loadAverage: load, rows }, null, 2)}\n`,
)
