import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { type PushPlatform, pushDevices } from '../../db/schema/index.js'

export type PushDeviceRow = typeof pushDevices.$inferSelect

/**
 * Registers a device: a token already known (same platform) is updated, not duplicated, and
 * moves to this customer if another had registered it (the phone changed hands or accounts).
 */
export async function upsertPushDevice(
  db: DbOrTx,
  values: { customerId: string; token: string; platform: PushPlatform },
): Promise<PushDeviceRow> {
  const [row] = await db
    .insert(pushDevices)
    .values(values)
    .onConflictDoUpdate({
      target: [pushDevices.platform, pushDevices.token],
      set: { customerId: values.customerId, updatedAt: sql`now()` },
    })
    .returning()
  if (!row) throw new Error('the push device upsert returned no row')
  return row
}

/** Keeps the customer's `keep` most recently registered devices and removes the rest. */
export async function trimPushDevices(db: DbOrTx, customerId: string, keep: number): Promise<number> {
  const kept = db
    .select({ id: pushDevices.id })
    .from(pushDevices)
    .where(eq(pushDevices.customerId, customerId))
    .orderBy(desc(pushDevices.updatedAt), desc(pushDevices.id))
    .limit(keep)
  const removed = await db
    .delete(pushDevices)
    .where(and(eq(pushDevices.customerId, customerId), notInArray(pushDevices.id, kept)))
    .returning({ id: pushDevices.id })
  return removed.length
}

/** Removes one token of the customer (any platform), or all of the customer's devices. */
export async function deleteCustomerPushDevices(
  db: DbOrTx,
  customerId: string,
  token?: string,
): Promise<number> {
  const removed = await db
    .delete(pushDevices)
    .where(
      token === undefined
        ? eq(pushDevices.customerId, customerId)
        : and(eq(pushDevices.customerId, customerId), eq(pushDevices.token, token)),
    )
    .returning({ id: pushDevices.id })
  return removed.length
}

/** The customer's devices, most recently registered first. */
export async function listCustomerPushDevices(db: DbOrTx, customerId: string): Promise<PushDeviceRow[]> {
  return db
    .select()
    .from(pushDevices)
    .where(eq(pushDevices.customerId, customerId))
    .orderBy(desc(pushDevices.updatedAt), desc(pushDevices.id))
}

/**
 * Removes a device whose token the provider reports gone; with `token`, only if the row still
 * holds that token. True when a row was removed.
 */
export async function deletePushDevice(db: DbOrTx, id: string, token?: string): Promise<boolean> {
  const removed = await db
    .delete(pushDevices)
    .where(
      token === undefined
        ? eq(pushDevices.id, id)
        : and(eq(pushDevices.id, id), eq(pushDevices.token, token)),
    )
    .returning({ id: pushDevices.id })
  return removed.length > 0
}
