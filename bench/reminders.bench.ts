/**
 * `npm run bench:reminders`: the reminders cron route with 10,000 due warranties (BENCH_REMINDERS)
 * on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a fresh
 * database is created and dropped). Each customer has one device, half Android on the local FCM
 * server, half iOS on the local APNs server (HTTP/2 over TLS, its certificate trusted through
 * NODE_EXTRA_CA_CERTS), both speaking the real protocols (test/support/fake-*.ts). The service
 * runs as `npm start` does (API and workers in one process). Measured: the route's latency and
 * answer, the time until every reminder is SENT (the route's share plus the `reminders.send`
 * job's), reminders/s, what the providers received (no duplicates), and a second call.
 */
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../src/db/client.js'
import { createMerchant } from '../test/support/factories.js'
import { startFakeApns } from '../test/support/fake-apns.js'
import { startFakeFcm } from '../test/support/fake-fcm.js'
import { fakePushEnv } from '../test/support/fake-push-env.js'
import {
  insertClaimedWarranties,
  insertCustomers,
  insertDevices,
} from '../test/support/reminder-factories.js'
import { createPostgresDatabase, startService } from './lib.js'

const COUNT = Number(process.env.BENCH_REMINDERS ?? 10_000)
const SECRET = 'bench-cron-secret'

const pgDb = await createPostgresDatabase()
if (!pgDb) process.exit(1)
const [fcm, apns] = await Promise.all([startFakeFcm(), startFakeApns()])
const caFile = join(tmpdir(), `wt-bench-apns-ca-${process.pid}.pem`)
writeFileSync(caFile, apns.ca)
const service = await startService({
  DATABASE_URL: pgDb.url,
  CRON_SECRET: SECRET,
  NODE_EXTRA_CA_CERTS: caFile,
  ...fakePushEnv(fcm, apns),
})
const database = await openDatabase({ url: pgDb.url, poolSize: 2 })

async function callRoute() {
  const started = performance.now()
  const res = await fetch(`${service.url}/v1/global/jobs/warranty-reminders`, {
    method: 'POST',
    headers: { 'x-cron-secret': SECRET },
  })
  const body = (await res.json()) as { warranties: number; sent: number; failed: number }
  if (!res.ok) throw new Error(`route answered ${res.status} ${JSON.stringify(body)}`)
  return { latencyMs: Math.round(performance.now() - started), body }
}

async function sentCount(): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from reminder_sends where status = 'SENT'`,
  )) as unknown as { rows: { n: number }[] }
  return Number(result.rows[0]?.n ?? 0)
}

try {
  const seedStart = performance.now()
  const merchant = await createMerchant(database.db, { name: 'Bench Appliances' })
  const customers = await insertCustomers(database.db, COUNT)
  await insertClaimedWarranties(database.db, merchant.id, customers, { expiresInDays: 3 })
  const half = Math.floor(COUNT / 2)
  const ids = customers.map((c) => c.id)
  await insertDevices(database.db, ids.slice(0, half), 'android')
  const hex = (id: string) => id.replace(/-/g, '').padEnd(64, '0')
  await insertDevices(database.db, ids.slice(half), 'ios', hex)
  await database.db.execute(sql`analyze`)
  console.log(`seeded ${COUNT} due warranties in ${Math.round(performance.now() - seedStart)} ms`)

  const start = performance.now()
  const first = await callRoute()
  let sent = await sentCount()
  while (sent < COUNT) {
    if (performance.now() - start > 120_000) throw new Error(`only ${sent} of ${COUNT} sent after 120 s`)
    await new Promise((r) => setTimeout(r, 50))
    sent = await sentCount()
  }
  const allSentMs = Math.round(performance.now() - start)
  const received = [...fcm.sent.map((m) => m.token), ...apns.sent.map((m) => m.token)]
  const again = await callRoute()
  const result = {
    date: new Date().toISOString().slice(0, 10),
    database: 'postgres',
    reminders: COUNT,
    route: { latencyMs: first.latencyMs, answer: first.body },
    allSentMs,
    remindersPerSecond: Math.round((COUNT / allSentMs) * 1000),
    providers: { fcm: fcm.sent.length, apns: apns.sent.length, distinctTokens: new Set(received).size },
    secondCall: { latencyMs: again.latencyMs, answer: again.body },
  }
  console.log(JSON.stringify(result, null, 2))
  writeFileSync('bench/results/reminders.json', `${JSON.stringify(result, null, 2)}\n`)
  if (received.length !== COUNT || result.providers.distinctTokens !== COUNT) {
    throw new Error(`the providers received ${received.length} messages for ${COUNT} reminders`)
  }
} finally {
  await database.close()
  await service.stop()
  await Promise.all([fcm.close(), apns.close()])
  await pgDb.drop()
}
