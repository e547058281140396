/**
 * `npm run bench:start`: how long the built service (`node dist/src/main.js`, what `npm start`
 * runs after its build) takes from spawn to a 200 from GET /health, on the embedded defaults:
 * a fresh data folder (the database initialised, migrated, the chain deployed), then a restart
 * on the same folder after SIGTERM, then a restart after `kill -9` of the service's process
 * group (the database server and anvil left running, taken over at the start). The yardstick,
 * started in the same run: the same service on an external PostgreSQL (DATABASE_URL, the
 * machine's) and a fresh data folder. BENCH_STARTS (default 3) rounds; medians reported.
 * BENCH_START_EARLIER=<folder>: a built checkout of an earlier release (its `dist/` and
 * `node_modules/`), started the same way in the same run (fresh, then restart), as "before".
 * Results in bench/results/start.json with the machine's load.
 * Goal (issue 27): a restart on the same data healthy within 5 s; a fresh start no slower than
 * before (the earlier engine's fresh start: about 15 s in .ci/run's smoke notes).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPostgresDatabase } from './lib.js'

const rounds = Number(process.env.BENCH_STARTS ?? 3)

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

const earlier = process.env.BENCH_START_EARLIER

async function startOnce(dataDir: string, env: Record<string, string>, root = process.cwd()) {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, [join(root, 'dist/src/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      INBOX_SMTP_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  })
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`)
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    if (performance.now() - started > 120_000) throw new Error('no /health within 120 s')
    await new Promise((r) => setTimeout(r, 50))
  }
  const seconds = (performance.now() - started) / 1000
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return {
    seconds,
    stop: async () => {
      process.kill(-(child.pid as number), 'SIGTERM')
      await exited
    },
    kill: async () => {
      process.kill(-(child.pid as number), 'SIGKILL')
      await exited
    },
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN
const times = {
  fresh: [] as number[],
  restart: [] as number[],
  afterKill: [] as number[],
  external: [] as number[],
  earlierFresh: [] as number[],
  earlierRestart: [] as number[],
}
const loads = [loadavg()[0] as number]

for (let round = 0; round < rounds; round++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-start-'))
  try {
    const fresh = await startOnce(dataDir, {})
    times.fresh.push(fresh.seconds)
    await fresh.stop()
    const restart = await startOnce(dataDir, {})
    times.restart.push(restart.seconds)
    await restart.kill()
    const afterKill = await startOnce(dataDir, {})
    times.afterKill.push(afterKill.seconds)
    await afterKill.stop()
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  if (earlier) {
    const earlierDir = mkdtempSync(join(tmpdir(), 'wt-start-earlier-'))
    try {
      const fresh = await startOnce(earlierDir, {}, earlier)
      times.earlierFresh.push(fresh.seconds)
      await fresh.stop()
      const restart = await startOnce(earlierDir, {}, earlier)
      times.earlierRestart.push(restart.seconds)
      await restart.stop()
    } finally {
      rmSync(earlierDir, { recursive: true, force: true })
    }
  }
  const db = await createPostgresDatabase()
  if (db) {
    const externalDir = mkdtempSync(join(tmpdir(), 'wt-start-ext-'))
    try {
      const external = await startOnce(externalDir, { DATABASE_URL: db.url })
      times.external.push(external.seconds)
      await external.stop()
    } finally {
      rmSync(externalDir, { recursive: true, force: true })
      await db.drop()
    }
  }
  loads.push(loadavg()[0] as number)
}

const ext = median(times.external)
for (const [name, xs] of Object.entries(times)) {
  if (xs.length === 0) continue
  const m = median(xs)
  const ratio =
    name !== 'external' && Number.isFinite(ext) ? ` (${(m / ext).toFixed(2)}× the external start)` : ''
  console.log(
    `${name.padEnd(10)} median ${m.toFixed(2)} s of ${xs.map((x) => x.toFixed(2)).join(', ')}${ratio}`,
  )
}
const ok = median(times.restart) <= 5 && median(times.afterKill) <= 5
console.log(`goal: a restart on the same data healthy within 5 s: ${ok ? 'met' : 'NOT met'}`)
console.log(
  `load average (1 min) at start and after each round: ${loads.map((l) => l.toFixed(1)).join(', ')}`,
)
writeFileSync(
  'bench/results/start.json',
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      rounds,
      earlier: earlier ?? null,
      seconds: Object.fromEntries(
        Object.entries(times)
          .filter(([, xs]) => xs.length > 0)
          .map(([name, xs]) => [name, xs.map((x) => Number(x.toFixed(2)))]),
      ),
      medians: Object.fromEntries(
        Object.entries(times)
          .filter(([, xs]) => xs.length > 0)
          .map(([name, xs]) => [name, Number(median(xs).toFixed(2))]),
      ),
      restartGoalMet: ok,
      loadAverage: loads,
    },
    null,
    2,
  )}\n`,
)
