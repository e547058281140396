import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdapterClosedError } from '../../src/adapters/adapter-error.js'
import { deviceRef } from '../../src/adapters/push/index.js'
import { readRecordedPush } from '../../src/adapters/push/recorder-push.js'
import type { JobQueue } from '../../src/jobs/queue.js'
import { DEFAULT_REMINDER_SETTINGS } from '../../src/modules/reminders/index.js'
import { scheduleDueRemindersStatement } from '../../src/modules/reminders/reminders.repository.js'
import { type ReminderSettings, RemindersService } from '../../src/modules/reminders/reminders.service.js'
import { createMerchant } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import {
  insertClaimedWarranties,
  insertCustomers,
  insertDevices,
  RecordingPush,
  reminderRows,
} from '../support/reminder-factories.js'

const SECRET = 'cron-secret-for-reminder-jobs'

let svc: TestService
let merchantId: string

beforeAll(async () => {
  svc = await createTestService({ env: { CRON_SECRET: SECRET } })
  merchantId = (await createMerchant(svc.deps.db)).id
  // The service asks for a reminders run as its workers start, and that run may be fetched after
  // the service has answered (the queue polls; the HTTP app is built meanwhile): if it ran during
  // a test it would send that test's reminders through the service's own push. Waited out here.
  await waitFor(async () => {
    const pending = (await svc.deps.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'reminders.send' and state in ('created', 'retry', 'active')`,
    )) as unknown as { rows: { n: number }[] }
    return pending.rows[0]?.n === 0
  }, 20_000)
})
afterAll(() => svc?.close())

/** A reminders service of its own ("another process"), sending through `push`. */
function remindersWith(push: RecordingPush, settings: Partial<ReminderSettings> = {}, queue?: JobQueue) {
  return new RemindersService({
    db: svc.deps.db,
    push,
    // Without a queue of its own, nothing hands its leftovers to the service's job.
    queue: queue ?? ({ send: async () => null } as unknown as JobQueue),
    mail: svc.services.mailOutbox,
    logger: svc.deps.logger,
    appUrl: 'http://app.test',
    settings: { ...DEFAULT_REMINDER_SETTINGS, ...settings },
  })
}

async function dueWithDevices(count: number) {
  const customers = await insertCustomers(svc.deps.db, count)
  const warranties = await insertClaimedWarranties(svc.deps.db, merchantId, customers, { expiresInDays: 2 })
  const devices = await insertDevices(
    svc.deps.db,
    customers.map((c) => c.id),
  )
  return { warranties, devices }
}

describe('reminders.send', () => {
  it('a run stopped mid-way and resumed by another sends every reminder exactly once', async () => {
    const { warranties, devices } = await dueWithDevices(40)
    const frozen = new RecordingPush()
    frozen.stallAfter = 10
    const first = remindersWith(frozen, { concurrency: 4, batchSize: 8 })
    const firstRun = first.run()
    // Ten sent, four in flight that never come back (and two more claimed in the same batch,
    // waiting for a free slot): the process is as good as dead.
    await waitFor(async () => frozen.sent.length === 10 && frozen.held === 4)
    first.stop()
    let rows = await reminderRows(
      svc.deps.db,
      warranties.map((w) => w.id),
    )
    expect(rows.filter((r) => r.status === 'SENT')).toHaveLength(10)
    expect(rows.filter((r) => r.status === 'PENDING' && r.attempts === 1)).toHaveLength(6)
    expect(rows.filter((r) => r.status === 'PENDING' && r.attempts === 0)).toHaveLength(24)

    // Another process, once the lease of the lost attempts has run out.
    await svc.deps.db.execute(
      sql`update reminder_sends set next_attempt_at = now() where status = 'PENDING' and attempts = 1`,
    )
    const healthy = new RecordingPush()
    const second = await remindersWith(healthy).run()
    expect(second.sent).toBe(30)

    // The frozen process wakes up: its late outcomes no longer apply (fenced by the attempt).
    frozen.release(new AdapterClosedError('push'))
    expect(await firstRun).toMatchObject({ sent: 10 })
    const tokens = [...frozen.sent, ...healthy.sent].map((m) => m.token).sort()
    expect(tokens).toEqual(devices.map((d) => d.token).sort())
    rows = await reminderRows(
      svc.deps.db,
      warranties.map((w) => w.id),
    )
    expect(rows.every((r) => r.status === 'SENT')).toBe(true)
    expect(rows.filter((r) => r.attempts === 2)).toHaveLength(6)
  })

  it('continues what the cron call had no time for as a job, and the counts add up', async () => {
    const { devices } = await dueWithDevices(25)
    // No time at all in the route: everything goes to the job (the service's own, on its recorder).
    const result = await remindersWith(new RecordingPush(), { routeBudgetMs: 0 }, svc.deps.queue).run()
    expect(result).toMatchObject({ sent: 0, failed: 0 })
    expect(result.warranties).toBeGreaterThanOrEqual(25)
    const refs = new Set(devices.map((d) => deviceRef(d.token)))
    const recorded = await waitFor(async () => {
      const mine = (await readRecordedPush(join(svc.dataDir, 'push'))).filter((r) => refs.has(r.device))
      return mine.length === 25 ? mine : null
    }, 20_000)
    expect(new Set(recorded.map((r) => r.device)).size).toBe(25)
  })

  it('two processes calling the route at the same time send each reminder once', async () => {
    const other = await createTestService({
      env: { CRON_SECRET: SECRET },
      databaseUrl: svc.config.databaseUrl ?? undefined,
    })
    try {
      const { devices } = await dueWithDevices(300)
      const call = (s: TestService) =>
        s.request({
          method: 'POST',
          url: '/v1/global/jobs/warranty-reminders',
          headers: { 'x-cron-secret': SECRET },
        })
      const [one, two] = await Promise.all([call(svc), call(other)])
      expect(one.statusCode).toBe(200)
      expect(two.statusCode).toBe(200)
      const refs = new Set(devices.map((d) => deviceRef(d.token)))
      const recorded = [
        ...(await readRecordedPush(join(svc.dataDir, 'push'))),
        ...(await readRecordedPush(join(other.dataDir, 'push'))),
      ].filter((r) => refs.has(r.device))
      expect(recorded).toHaveLength(300)
      expect(new Set(recorded.map((r) => r.device)).size).toBe(300)
      expect(one.json().sent + two.json().sent).toBe(300)
    } finally {
      await other.close()
    }
  })
})

describe('reminders.schedule with statistics behind the data', () => {
  // The crash cycles on PostgreSQL (issue 18) created customers faster than ANALYZE followed:
  // the planner believed `users` held a handful of customers and probed the whole expiry range
  // once per customer (over 7 minutes a run, piling up; 43 ms once the range is read first).
  // What makes the statement immune to stale statistics is the range read once on its own, a
  // materialized CTE over `warranties` alone, whatever join order the planner then picks.
  it('reads the expiry range once, on its own, before any join', async () => {
    const explained = (await svc.deps.db.execute(
      sql`explain (format json) ${scheduleDueRemindersStatement()}`,
    )) as unknown as { rows: { 'QUERY PLAN': unknown }[] }
    const raw = explained.rows[0]?.['QUERY PLAN']
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[]
    const nodes = flatten(plan[0]!.Plan)
    const range = nodes.find((n) => n['Subplan Name'] === 'CTE candidates')
    expect(range).toBeDefined()
    const inside = flatten(range!)
    expect(new Set(inside.flatMap((n) => (n['Relation Name'] ? [n['Relation Name']] : [])))).toEqual(
      new Set(['warranties']),
    )
  })
})

interface PlanNode {
  'Subplan Name'?: string
  'Relation Name'?: string
  Plans?: PlanNode[]
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)]
}
