import { and, arrayContains, asc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js'

export type NewDelivery = Pick<
  typeof webhookDeliveries.$inferInsert,
  'endpointId' | 'eventId' | 'eventType' | 'payload' | 'replayOf'
>

export async function listEndpoints(
  db: DbOrTx,
  merchantId: string,
  window: PageWindow,
): Promise<WebhookEndpointRow[]> {
  return keysetPage(db.select().from(webhookEndpoints).$dynamic(), webhookEndpoints, window, [
    eq(webhookEndpoints.merchantId, merchantId),
  ])
}

export async function findEndpoint(
  db: DbOrTx,
  merchantId: string,
  id: string,
): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.merchantId, merchantId)))
    .limit(1)
  return row ?? null
}

export async function insertEndpoint(
  db: DbOrTx,
  values: Pick<typeof webhookEndpoints.$inferInsert, 'merchantId' | 'url' | 'events' | 'secret'>,
): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning()
  if (!row) throw new Error('webhook endpoint not recorded')
  return row
}

export async function countEndpoints(db: DbOrTx, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.merchantId, merchantId))
  return row?.n ?? 0
}

export async function updateEndpoint(
  db: DbOrTx,
  merchantId: string,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.merchantId, merchantId)))
    .returning()
  return row ?? null
}

export async function deleteEndpoint(db: DbOrTx, merchantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.merchantId, merchantId)))
    .returning({ id: webhookEndpoints.id })
  return rows.length > 0
}

/** The active endpoints of these merchants that take events of `type`. */
export async function subscribedEndpoints(
  db: DbOrTx,
  merchantIds: readonly string[],
  type: string,
): Promise<Pick<WebhookEndpointRow, 'id' | 'merchantId'>[]> {
  if (merchantIds.length === 0) return []
  return db
    .select({ id: webhookEndpoints.id, merchantId: webhookEndpoints.merchantId })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.merchantId, [...merchantIds]),
        eq(webhookEndpoints.status, 'ACTIVE'),
        arrayContains(webhookEndpoints.events, [type]),
      ),
    )
}

/** Merchants with an active endpoint taking events of `type`. */
export async function merchantsSubscribedTo(db: DbOrTx, type: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ merchantId: webhookEndpoints.merchantId })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.status, 'ACTIVE'), arrayContains(webhookEndpoints.events, [type])))
  return rows.map((r) => r.merchantId)
}

/** Records deliveries; one an endpoint already has for the event (not a replay) is skipped. */
export async function insertDeliveries(
  db: DbOrTx,
  rows: readonly NewDelivery[],
): Promise<WebhookDeliveryRow[]> {
  if (rows.length === 0) return []
  return db
    .insert(webhookDeliveries)
    .values([...rows])
    .onConflictDoNothing()
    .returning()
}

export async function listDeliveries(
  db: DbOrTx,
  endpointId: string,
  window: PageWindow,
): Promise<WebhookDeliveryRow[]> {
  return keysetPage(db.select().from(webhookDeliveries).$dynamic(), webhookDeliveries, window, [
    eq(webhookDeliveries.endpointId, endpointId),
  ])
}

export async function findDelivery(
  db: DbOrTx,
  endpointId: string,
  id: string,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .limit(1)
  return row ?? null
}

/** A due delivery with what sending it needs from its endpoint. */
export interface DueDelivery {
  delivery: WebhookDeliveryRow
  endpoint: WebhookEndpointRow
}

/** Deliveries due now to active endpoints, the longest waiting first. */
/**
 * Due deliveries, a fair share per merchant: each merchant's due deliveries ranked oldest first,
 * at most `perMerchant` of each, in rank order (every merchant's oldest, then every merchant's
 * second…), so one merchant's backlog never delays another's deliveries beyond one batch.
 */
export async function dueDeliveries(db: Db, limit: number, perMerchant: number): Promise<DueDelivery[]> {
  const ranked = db
    .select({
      id: webhookDeliveries.id,
      rank: sql<number>`row_number() over (partition by ${webhookEndpoints.merchantId} order by ${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.id})`.as(
        'rank',
      ),
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.status, 'PENDING'),
        lte(webhookDeliveries.nextAttemptAt, sql`now()`),
        eq(webhookEndpoints.status, 'ACTIVE'),
      ),
    )
    .as('ranked')
  return db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(ranked)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, ranked.id))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(lte(ranked.rank, perMerchant))
    .orderBy(asc(ranked.rank), asc(webhookDeliveries.nextAttemptAt))
    .limit(limit)
}

/** The earliest time a pending delivery to an active endpoint is due. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.status, 'PENDING'), eq(webhookEndpoints.status, 'ACTIVE')))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(1)
  return row?.at ?? null
}

/** Records one attempt's outcome on a still pending delivery. */
export async function recordAttempt(
  db: Db,
  id: string,
  values: Pick<
    typeof webhookDeliveries.$inferInsert,
    'status' | 'attempts' | 'nextAttemptAt' | 'lastStatusCode' | 'lastError' | 'deliveredAt'
  >,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'PENDING')))
}

/** The endpoint answered: it is not failing any more. */
export async function markEndpointAnswering(db: Db, id: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.failingSince} is not null`))
}

/**
 * The endpoint failed: failing since now unless it already was; disabled (with `reason`) once
 * it has failed continuously for `disableAfterHours`. Answers whether it was disabled now.
 */
export async function markEndpointFailing(
  db: Db,
  id: string,
  disableAfterHours: number,
  reason: string,
): Promise<boolean> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(eq(webhookEndpoints.id, id))
    .returning({ failingSince: webhookEndpoints.failingSince })
  if (!row?.failingSince) return false
  const disabled = await db
    .update(webhookEndpoints)
    .set({ status: 'DISABLED', disabledReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.status, 'ACTIVE'),
        lte(webhookEndpoints.failingSince, sql`now() - make_interval(hours => ${disableAfterHours}::int)`),
      ),
    )
    .returning({ id: webhookEndpoints.id })
  return disabled.length > 0
}

/** Re-seals an endpoint's secrets (under the current key). */
export async function storeSealedSecrets(
  db: Db,
  id: string,
  sealed: { secret: string; previousSecret: string | null },
): Promise<void> {
  await db.update(webhookEndpoints).set(sealed).where(eq(webhookEndpoints.id, id))
}

export async function allEndpoints(db: Db): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints)
}

/** An endpoint enabled again: its pending deliveries are due now. */
export async function reschedulePending(db: DbOrTx, endpointId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'PENDING')))
}

/**
 * Removes finished deliveries (DELIVERED or FAILED) created before `before`: endpoint by
 * endpoint through the list index, `batch` rows per statement, so that no statement scans the
 * table or holds a long transaction. Answers how many were removed.
 */
export async function pruneDeliveries(db: Db, before: Date, batch = 5_000): Promise<number> {
  let removed = 0
  for (const endpoint of await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints)) {
    for (;;) {
      const finished = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpoint.id),
            lt(webhookDeliveries.createdAt, before),
            ne(webhookDeliveries.status, 'PENDING'),
          ),
        )
        .limit(batch)
      const rows = await db
        .delete(webhookDeliveries)
        .where(inArray(webhookDeliveries.id, finished))
        .returning({ id: webhookDeliveries.id })
      const count = rows.length
      removed += count
      if (count < batch) break
    }
  }
  return removed
}
