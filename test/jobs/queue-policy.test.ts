import { PgBoss } from 'pg-boss'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client.js'
import { drainJob, JobQueue } from '../../src/jobs/queue.js'
import { createLogger } from '../../src/logger.js'
import { freshDatabase } from '../support/harness.js'

// The pipelines' queues (src/jobs/queue.ts): one run waiting at most, and the next run starting as
// soon as one ends while work is due. With pg-boss 12's `stately` policy a finished run was still
// counted as running until the monitor's next count reached each process's one-minute queue cache,
// so a run asked for during another waited for seconds (the stall guard ran it after 3 s).

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function queueOn(url: string, jobs: Parameters<JobQueue['register']>) {
  const logger = createLogger({ logLevel: 'silent' })
  const database = await openDatabase({ url, logger })
  const queue = new JobQueue(database, logger)
  queue.register(...jobs)
  cleanups.push(async () => {
    await queue.stop()
    await database.close()
  })
  return queue
}

/** A queue as pg-boss keeps it, read by a pg-boss of its own (as another process would). */
async function storedQueue(url: string, name: string) {
  const check = new PgBoss({ connectionString: url, schema: 'pgboss', supervise: false, schedule: false })
  check.on('error', () => undefined)
  await check.start()
  try {
    return await check.getQueue(name)
  } finally {
    await check.stop({ graceful: false, close: true })
  }
}

describe('pipeline queues', () => {
  it('start the run asked for during another as soon as that one ends', async () => {
    const db = await freshDatabase()
    cleanups.push(db.drop)
    const started: number[] = []
    const ended: number[] = []
    let release: () => void = () => {}
    const job = drainJob(
      'test.drain',
      async () => {
        started.push(Date.now())
        // The first run is held until the test has asked for the next one.
        if (started.length === 1) await new Promise<void>((resolve) => (release = resolve))
        else await new Promise((resolve) => setTimeout(resolve, 50))
        ended.push(Date.now())
        return {}
      },
      'test run done',
    )
    const queue = await queueOn(db.url, [job])
    await queue.start({ work: true })

    await queue.send('test.drain', {})
    await expect.poll(() => started.length, { timeout: 10_000 }).toBe(1)
    // Asked for twice while the first runs: one run waits, the other request is dropped.
    const waiting = await queue.send('test.drain', {})
    const dropped = await queue.send('test.drain', {})
    expect(waiting).not.toBeNull()
    expect(dropped).toBeNull()
    release()
    await expect.poll(() => ended.length, { timeout: 15_000 }).toBe(2)
    // The waiting run started right after the first ended (the worker fetches again at once).
    const gapMs = started[1]! - ended[0]!
    console.log(`next run started ${gapMs} ms after the first ended`)
    expect(gapMs).toBeLessThan(1_000)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(started).toHaveLength(2)
  })

  it('make a queue left by an earlier release with the stately policy again, as short', async () => {
    const db = await freshDatabase()
    cleanups.push(db.drop)
    const boss = new PgBoss({ connectionString: db.url, schema: 'pgboss', supervise: false, schedule: false })
    boss.on('error', () => undefined)
    await boss.start()
    await boss.createQueue('test.drain', { policy: 'stately', retryLimit: 10 })
    await boss.send('test.drain', {})
    await boss.stop({ graceful: false, close: true })

    let runs = 0
    const queue = await queueOn(db.url, [
      drainJob(
        'test.drain',
        async () => {
          runs++
          return {}
        },
        'test run done',
      ),
    ])
    await queue.start({ work: true })
    expect((await storedQueue(db.url, 'test.drain'))?.policy).toBe('short')
    // The queue works: a run asked for now is run.
    await queue.send('test.drain', {})
    await expect.poll(() => runs, { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
  })

  it("write a queue's settings at start only when they changed", async () => {
    const db = await freshDatabase()
    cleanups.push(db.drop)
    const job = drainJob('test.drain', async () => ({}), 'test run done')
    const read = () => storedQueue(db.url, 'test.drain')
    const startWith = async (definition: typeof job) => {
      const queue = await queueOn(db.url, [definition])
      await queue.start({ work: false })
      await queue.stop()
    }
    await startWith(job)
    const made = await read()
    expect(made?.retryLimit).toBe(10)
    // The same settings again: nothing written.
    await startWith(job)
    expect((await read())?.updatedOn).toEqual(made?.updatedOn)
    // A changed setting is written.
    await startWith({ ...job, retryLimit: 4 })
    const changed = await read()
    expect(changed?.retryLimit).toBe(4)
    expect(changed?.policy).toBe('short')
  })
})
