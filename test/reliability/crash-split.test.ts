/**
 * Issue 18's crash cycles with the API and the worker as separate processes (`--role api`,
 * `--role worker`, as docs/production.md runs them) on one PostgreSQL and the test's own chain,
 * under the same issue load and customers' mix as crash-cycles.test.ts (./support/crash-mix.ts).
 * Each of CYCLE_KILLS cycles (5 by default): after a random 1 to 4 s of load, the test polls the
 * database every 20 ms until the worker running now holds a mint batch in flight (PREPARED or
 * SENT in `mint_batches`, created since that worker started) and then kills the worker's process
 * group with `kill -9`; the worker stays down for a random 1 to 3 s and then starts again, and
 * until it is back the API must answer every issue request 200 and GET /ready 200. Every CYCLE_API_EVERY-th
 * cycle (3 by default) the API is killed too, at a random moment before the worker's kill, and
 * started again at once. Afterwards the same count from outside as crash-cycles.test.ts: every
 * warranty answered 200 MINTED with its own token on chain, no token twice, one claim e-mail
 * each, each due reminder sent once, every receipt's objects kept and none orphaned.
 * PostgreSQL only: the embedded database and chain serve one process.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { type ExternalChain, startExternalChain } from '../support/mint-fixtures.js'
import { ensureBuilt } from './support/build.js'
import { seconds } from './support/crash-checks.js'
import { finishMix, KILLS, type Mix, mixEnv, mixTimeoutMs, startMix } from './support/crash-mix.js'
import { type PushServers, startPushServers } from './support/customers.js'
import { MintBatches } from './support/mint-batches.js'
import { createScenario, freePort } from './support/scenario.js'
import { request, setUpMerchant } from './support/service-api.js'
import type { ServiceProcess } from './support/service-process.js'

const API_EVERY = Math.round(Number(process.env.CYCLE_API_EVERY ?? 3))
/** How long to wait for the worker to hold a batch in flight before the kill counts as a miss. */
const BATCH_WAIT_MS = 30_000
const unsettled = new Set(['PREPARED', 'SENT'])

interface Kill {
  afterLoadSeconds: number
  /** The batches in flight seen just before the kill (status and size), and whether each still was after it. */
  batches: { status: string; quantity: number; unsettledAfterKill: boolean }[]
  workerDownSeconds: number
  /** Issue requests sent and answered while the worker was down (until it logged "worker started"). */
  issuesWhileWorkerDown: number
  issuesNotOkWhileWorkerDown: number
  readyProbesWhileWorkerDown: number
  readyNotOkWhileWorkerDown: number
  apiKilled: boolean
}

/** Asks GET /ready every 250 ms until stopped; `stop` answers the probes and those not answered 200. */
function probeReady(url: string): { stop(): Promise<{ probes: number; notOk: number }> } {
  let running = true
  const tally = { probes: 0, notOk: 0 }
  const loop = (async () => {
    while (running) {
      tally.probes++
      const status = await request(`${url}/ready`, { timeoutMs: 5_000 }).then(
        (r) => r.status,
        () => 0,
      )
      if (status !== 200) tally.notOk++
      await sleep(250)
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return tally
    },
  }
}

/** One cycle: maybe the API killed and restarted, then the worker killed mid-batch and restarted. */
async function cycle(
  n: number,
  ctx: { api: ServiceProcess; worker: ServiceProcess; batches: MintBatches; mix: Mix },
): Promise<{ kill: Kill; killedAt: number }> {
  const { api, worker, batches, mix } = ctx
  const apiKilled = n % API_EVERY === 0
  if (apiKilled) {
    await sleep(Math.random() * 3000)
    await api.crash()
    await api.start()
  }
  const wait = 1000 + Math.random() * 3000
  await sleep(wait)
  const inFlight = await batches.waitForUnsettled(worker.current.spawnedAt, BATCH_WAIT_MS)
  const killedAt = Date.now()
  await worker.crash()
  const after = await batches.statuses(inFlight.map((b) => b.id))
  // The worker down for 1 to 3 s and during its start; the API must answer all along.
  const probe = probeReady(api.url)
  await sleep(1000 + Math.random() * 2000)
  // The last cycle: the load stops while the worker is down, the backlog drained after its restart.
  if (n === KILLS) await mix.load.stop()
  const run = await worker.start()
  const down = await probe.stop()
  const upAt = run.readyAt ?? Date.now()
  const whileDown = mix.load.records.filter((r) => r.startedAt >= killedAt && r.endedAt <= upAt)
  return {
    killedAt,
    kill: {
      afterLoadSeconds: seconds(wait),
      batches: inFlight.map((b) => ({
        status: b.status,
        quantity: b.quantity,
        unsettledAfterKill: unsettled.has(after.get(b.id) ?? ''),
      })),
      workerDownSeconds: seconds(upAt - killedAt),
      issuesWhileWorkerDown: whileDown.length,
      issuesNotOkWhileWorkerDown: whileDown.filter((r) => r.outcome !== 'ok').length,
      readyProbesWhileWorkerDown: down.probes,
      readyNotOkWhileWorkerDown: down.notOk,
      apiKilled,
    },
  }
}

async function splitCycles(): Promise<void> {
  const scenario = await createScenario('crash-split', { database: 'shared' })
  let chain: ExternalChain | null = null
  let push: PushServers | null = null
  let batches: MintBatches | null = null
  try {
    chain = await startExternalChain({ blockTimeSeconds: 1 })
    push = await startPushServers()
    batches = await MintBatches.open(scenario.databaseUrl!)
    const env = {
      ...mixEnv(chain, push),
      // Shared by both processes (generated ones would be written by each into DATA_DIR).
      JWT_SECRET: 'crash-split-jwt-secret-crash-split-jwt-secret',
      SERIAL_HASH_SALT: 'crash-split-serial-salt',
    }
    const api = scenario.service({ env, role: 'api' })
    const worker = scenario.service({ env, role: 'worker', port: await freePort() })
    await api.start()
    await worker.start()
    const { token, productId } = await setUpMerchant(api.url)
    const mix = startMix({ url: api.url, sink: scenario.sink, token, productId })

    const cyclesFrom = Date.now()
    const kills: Kill[] = []
    let lastKillAt = 0
    const workerKills: number[] = []
    for (let n = 1; n <= KILLS; n++) {
      const done = await cycle(n, { api, worker, batches, mix })
      kills.push(done.kill)
      lastKillAt = done.killedAt
      workerKills.push(done.killedAt)
    }
    const lastRestartAt = Date.now()
    const seen = kills.flatMap((k) => k.batches)
    const whileDown = {
      issues: kills.reduce((s, k) => s + k.issuesWhileWorkerDown, 0),
      issuesNotOk: kills.reduce((s, k) => s + k.issuesNotOkWhileWorkerDown, 0),
      readyProbes: kills.reduce((s, k) => s + k.readyProbesWhileWorkerDown, 0),
      readyNotOk: kills.reduce((s, k) => s + k.readyNotOkWhileWorkerDown, 0),
    }
    const midBatch = {
      killsWithABatchInFlight: kills.filter((k) => k.batches.length > 0).length,
      killsWithABatchStillInFlightAfter: kills.filter((k) => k.batches.some((b) => b.unsettledAfterKill))
        .length,
      prepared: seen.filter((b) => b.status === 'PREPARED').length,
      sent: seen.filter((b) => b.status === 'SENT').length,
      warrantiesInThoseBatches: seen.reduce((s, b) => s + b.quantity, 0),
    }
    // Printed now as well: a failure while draining or counting must not lose the cycles' figures.
    scenario.report({ phase: 'cycles done', midBatch, apiWhileWorkerDown: whileDown, killTimes: kills })
    await finishMix({
      scenario,
      chain,
      push,
      mix,
      api,
      services: [api, worker],
      token,
      lastKillAt,
      // The worker sends the pushes; an API kill leaves them alone.
      killedAt: workerKills,
      lastRestartAt,
      report: async () => ({
        secondsOfCycles: seconds(lastRestartAt - cyclesFrom),
        apiKills: kills.filter((k) => k.apiKilled).length,
        midBatch,
        apiWhileWorkerDown: whileDown,
        batchesAtEnd: await batches!.tally(),
        killTimes: kills,
      }),
    })
    // Every kill hit the worker with a batch in flight, and the API answered throughout its absence.
    expect(midBatch.killsWithABatchInFlight).toBe(KILLS)
    expect(whileDown.issues).toBeGreaterThan(0)
    expect({ issuesNotOk: whileDown.issuesNotOk, readyNotOk: whileDown.readyNotOk }).toEqual({
      issuesNotOk: 0,
      readyNotOk: 0,
    })
  } finally {
    await batches?.close()
    await scenario.close()
    await chain?.close()
    await push?.close()
  }
}

describe('API and worker as separate processes: the worker killed mid-batch, the API now and then (postgres)', () => {
  beforeAll(() => ensureBuilt(), 600_000)

  it(
    `after ${KILLS} worker kills mid-batch: the API answered meanwhile; every acknowledged warranty MINTED once on chain, one claim e-mail each, each due reminder sent once, every receipt's objects kept and none orphaned`,
    () => splitCycles(),
    mixTimeoutMs(90),
  )
})
