import { afterAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/db/client.js'
import { freshDatabase } from '../support/harness.js'

const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** A fresh migrated database and `count` handles on it (as many processes would have), each with a query pool of one. */
async function databases(count: number): Promise<Database[]> {
  const created = await freshDatabase()
  cleanups.push(created.drop)
  const handles = await Promise.all(
    Array.from({ length: count }, () => openDatabase({ url: created.url, poolSize: 1 })),
  )
  for (const handle of handles) cleanups.push(() => handle.close())
  return handles
}

function gate(): { open: () => void; opened: Promise<void> } {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

const KEY = 990_001

describe('Database.exclusive', () => {
  it('runs the callers of one key one after another, and other keys beside them', async () => {
    const [db] = await databases(1)
    const order: string[] = []
    const first = gate()
    const a = db!.exclusive(KEY, async () => {
      order.push('a start')
      await first.opened
      order.push('a end')
    })
    const b = db!.exclusive(KEY, async () => {
      order.push('b')
    })
    // Another key is not held up by the first (asked once the first holds its lock).
    while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 10))
    await db!.exclusive(KEY + 1, async () => {
      order.push('other key')
    })
    first.open()
    await Promise.all([a, b])
    expect(order).toEqual(['a start', 'other key', 'a end', 'b'])
  })

  it('holds and waits for locks on connections apart from the query pool: queries go on while a run holds its lock for long', async () => {
    // Two processes' worth of handles, each with a query pool of ONE connection.
    const [one, two] = await databases(2)
    const held = gate()
    const order: string[] = []
    const running = one!.exclusive(KEY, async () => {
      order.push('one holds')
      await held.opened
      order.push('one releases')
    })
    while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 10))
    // The other process's run waits for the lock (on a lock connection)...
    const waiting = two!.exclusive(KEY, async () => {
      order.push('two holds')
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(order).toEqual(['one holds'])
    // ...and both processes' single query connections still answer at once.
    const started = Date.now()
    await Promise.all([one!.ping(2_000), two!.ping(2_000), one!.ping(2_000)])
    expect(Date.now() - started).toBeLessThan(2_000)
    held.open()
    await Promise.all([running, waiting])
    expect(order).toEqual(['one holds', 'one releases', 'two holds'])
  })
})
