import { eq } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/db/client.js'
import { keysetPage } from '../../src/db/keyset-page.js'
import { auditLog, warranties } from '../../src/db/schema/index.js'
import { WARRANTIES_BY_MINT_STATE, warrantiesByMintState } from '../../src/metrics/gauges.repository.js'
import {
  selectWalletViews,
  selectWarrantyViews,
} from '../../src/modules/warranties/warranty-view.repository.js'
import { freshDatabase } from '../support/harness.js'

/**
 * Every newest-first list is served by its index, whatever the merchant's size: the page is
 * read from the index in order and stops after `limit + 1` rows. A plan that reads and sorts
 * all of a merchant's rows grows with the merchant (the soak's warranty list went from 20 to
 * 50 ms p99 in half an hour) although every answer holds 20 rows.
 */

const ROWS = 5_000
let database: Database
let client: pg.Client
let drop: () => Promise<void>
let merchantId: string
let customerId: string

beforeAll(async () => {
  const fresh = await freshDatabase()
  drop = fresh.drop
  database = await openDatabase({ url: fresh.url })
  client = new pg.Client({ connectionString: fresh.url })
  await client.connect()
  const pool = client
  const merchant = await pool.query<{ id: string }>(
    `insert into merchants (name) values ('Big shop') returning id`,
  )
  merchantId = merchant.rows[0]?.id as string
  const customer = await pool.query<{ id: string }>(
    `insert into users (email, role) values ('buyer@example.com', 'CUSTOMER') returning id`,
  )
  customerId = customer.rows[0]?.id as string
  await pool.query(
    `insert into warranties (merchant_id, warranty_code, serial_number, expires_at, customer_id, claimed_at, created_at)
     select $1, 'WR-PLAN-' || g, 'SN-' || g, now() + interval '1 year', $2, now(),
            now() - (${ROWS} - g) * interval '1 second'
       from generate_series(1, ${ROWS}) g`,
    [merchantId, customerId],
  )
  await pool.query(
    `insert into audit_log (action, target_type, created_at)
     select 'merchant.update', 'merchant', now() - g * interval '1 second' from generate_series(1, ${ROWS}) g`,
  )
  await pool.query('analyze')
})
afterAll(async () => {
  await client?.end()
  await database?.close()
  await drop?.()
})

/** The plan of a query builder's SQL, as text. */
async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = query.toSQL()
  const result = await client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params)
  return result.rows.map((row) => row['QUERY PLAN']).join('\n')
}

const firstPage = { limit: 20, cursor: null }
const laterPage = {
  limit: 20,
  cursor: { createdAt: new Date(Date.now() - 2_500_000), id: crypto.randomUUID() },
}

describe('newest-first lists read their index, not every row', () => {
  it.each([firstPage, laterPage])("a merchant's warranty list (the view with its joins)", async (page) => {
    const plan = await planOf(
      keysetPage(selectWarrantyViews(database.db), warranties, page, [eq(warranties.merchantId, merchantId)]),
    )
    expect(plan).toContain('warranties_merchant_list_idx')
    expect(plan).not.toMatch(/Seq Scan on warranties/)
    // No sort of the merchant's rows: at most an incremental sort of the page.
    expect(plan).not.toMatch(/(?<!Incremental )Sort {2}\(cost/)
  })

  it("a customer's wallet", async () => {
    const plan = await planOf(
      keysetPage(selectWalletViews(database.db), warranties, firstPage, [
        eq(warranties.customerId, customerId),
      ]),
    )
    expect(plan).toContain('warranties_customer_idx')
    expect(plan).not.toMatch(/Seq Scan on warranties/)
    expect(plan).not.toMatch(/(?<!Incremental )Sort {2}\(cost/)
  })

  it('the audit log', async () => {
    const plan = await planOf(keysetPage(database.db.select().from(auditLog).$dynamic(), auditLog, firstPage))
    expect(plan).toContain('audit_log_created_idx')
    expect(plan).not.toMatch(/(?<!Incremental )Sort {2}\(cost/)
  })
})

describe('what runs per mint batch and per scrape does not read every warranty', () => {
  it("a batch's warranties are found by its index", async () => {
    const plan = await planOf(
      database.db
        .update(warranties)
        .set({ mintError: null })
        .where(eq(warranties.mintBatchId, crypto.randomUUID())),
    )
    expect(plan).toContain('warranties_mint_batch_idx')
    expect(plan).not.toMatch(/Seq Scan on warranties/)
  })

  it('the /metrics gauge of warranties by mint state reads the per-day counts', async () => {
    const plan = await planOf({ toSQL: () => new PgDialect().sqlToQuery(WARRANTIES_BY_MINT_STATE) })
    expect(plan).toContain('merchant_warranty_days')
    expect(plan).not.toMatch(/on warranties\b/)
    const counted = await warrantiesByMintState(database.db)
    expect(counted).toEqual([{ state: 'PENDING', n: ROWS }])
  })
})
