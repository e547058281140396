import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createTestService, freshDatabase, type TestService } from '../support/harness.js'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js'

// Found by issue 18's database outage (test/reliability/database-outage.test.ts): a pooled
// connection cut while a transaction held it, between two of its queries, raised an 'error'
// event nobody listened to, and the process ended.
describe('a PostgreSQL connection cut while a transaction holds it', () => {
  let svc: TestService
  let proxy: TcpProxy
  let drop: () => Promise<void>
  const uncaught: unknown[] = []
  const onUncaught = (err: unknown) => uncaught.push(err)

  beforeAll(async () => {
    const server = new URL(inject('databaseServer'))
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) })
    const db = await freshDatabase()
    drop = db.drop
    const url = new URL(db.url)
    url.host = `127.0.0.1:${proxy.port}`
    svc = await createTestService({ databaseUrl: url.toString() })
    process.on('uncaughtException', onUncaught)
  })
  afterAll(async () => {
    process.off('uncaughtException', onUncaught)
    await svc?.close().catch(() => undefined)
    await proxy?.close()
    await drop?.()
  })

  it('fails that transaction, raises nothing uncaught, and the next request works once it is back', async () => {
    let cutInside: () => void = () => undefined
    const inside = new Promise<void>((resolve) => {
      cutInside = resolve
    })
    const transaction = svc.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      cutInside()
      // Between two queries, as a handler awaiting something else inside its transaction.
      await new Promise((r) => setTimeout(r, 300))
      await tx.execute(sql`select 2`)
    })
    await inside
    proxy.cut()
    await expect(transaction).rejects.toThrow()
    await new Promise((r) => setTimeout(r, 200))
    expect(uncaught).toEqual([])
    proxy.restore()
    const ready = await svc.request({ method: 'GET', url: '/ready' })
    expect(ready.statusCode).toBe(200)
  })
})
