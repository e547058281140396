import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client.js'
import { inBackgroundLane, inRequestLane, LaneGate } from '../../src/db/lanes.js'

// The embedded database's two lanes (src/db/lanes.ts): a request's statements go before
// waiting background work; background work still gets its turn. Not a PostgreSQL concern.
const onPostgres = process.env.TEST_DB === 'postgres'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

/** Holds the gate until released, so that what follows has to wait in line. */
function holder(gate: LaneGate) {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const done = inBackgroundLane(() => gate.run(() => held))
  return { release, done }
}

describe('the lane gate', () => {
  it('lets waiting requests go before background work that asked earlier', async () => {
    const gate = new LaneGate(true, 4)
    const order: string[] = []
    const first = holder(gate)
    const runs = [
      inBackgroundLane(() => gate.run(async () => order.push('background 1'))),
      inBackgroundLane(() => gate.run(async () => order.push('background 2'))),
      inRequestLane(() => gate.run(async () => order.push('request 1'))),
      inRequestLane(() => gate.run(async () => order.push('request 2'))),
    ]
    first.release()
    await Promise.all([first.done, ...runs])
    expect(order).toEqual(['request 1', 'request 2', 'background 1', 'background 2'])
    expect(gate.stats.turns).toEqual({ request: 2, background: 3 })
  })

  it('gives background work one turn after `fairness` request turns in a row, so it is never starved', async () => {
    const gate = new LaneGate(true, 2)
    const order: string[] = []
    const first = holder(gate)
    const runs = [
      inBackgroundLane(() => gate.run(async () => order.push('b1'))),
      inBackgroundLane(() => gate.run(async () => order.push('b2'))),
      ...[1, 2, 3, 4, 5].map((n) => inRequestLane(() => gate.run(async () => order.push(`r${n}`)))),
    ]
    first.release()
    await Promise.all([first.done, ...runs])
    expect(order).toEqual(['r1', 'r2', 'b1', 'r3', 'r4', 'b2', 'r5'])
  })

  it('with requests first off, keeps the order of arrival (as PGlite alone does)', async () => {
    const gate = new LaneGate(false)
    const order: string[] = []
    const first = holder(gate)
    const runs = [
      inBackgroundLane(() => gate.run(async () => order.push('background'))),
      inRequestLane(() => gate.run(async () => order.push('request'))),
    ]
    first.release()
    await Promise.all([first.done, ...runs])
    expect(order).toEqual(['background', 'request'])
  })

  it('hands the turn on when the holder fails', async () => {
    const gate = new LaneGate()
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(inRequestLane(() => gate.run(async () => 'next'))).resolves.toBe('next')
  })
})

describe.skipIf(onPostgres)('the embedded database with the gate in front', () => {
  const opened: { close(): Promise<void> }[] = []
  afterAll(async () => {
    for (const database of opened) await database.close()
  })

  it("runs a request's query before background transactions queued ahead of it, and records both lanes", async () => {
    const database = await openDatabase({ url: null, pglite: await PGlite.create('memory://') })
    opened.push(database)
    const client = database.pglite as PGlite
    await client.exec('create table seen (n serial primary key, who text not null)')
    let release = () => {}
    const gateOpen = new Promise<void>((resolve) => {
      release = resolve
    })
    // A long background transaction holds the database, then three more background ones queue.
    const long = inBackgroundLane(() =>
      client.transaction(async (tx) => {
        await tx.query("insert into seen (who) values ('long')")
        await gateOpen
      }),
    )
    await tick()
    const queued = [1, 2, 3].map((n) =>
      inBackgroundLane(() => client.query('insert into seen (who) values ($1)', [`background ${n}`])),
    )
    await tick()
    const request = inRequestLane(() => client.query("insert into seen (who) values ('request')"))
    await tick()
    release()
    await Promise.all([long, request, ...queued])
    const rows = await client.query<{ who: string }>('select who from seen order by n')
    expect(rows.rows.map((r) => r.who)).toEqual([
      'long',
      'request',
      'background 1',
      'background 2',
      'background 3',
    ])
    const stats = database.laneStats()
    expect(stats?.turns.request).toBeGreaterThanOrEqual(1)
    expect(stats?.longestWaitMs.request).toBeGreaterThan(0)
    expect(stats?.longestHoldMs.background).toBeGreaterThanOrEqual(stats?.longestHoldMs.request ?? 0)
  })
})
