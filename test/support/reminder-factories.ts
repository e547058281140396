import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import type { PushMessage, PushPort, PushSendResult } from '../../src/adapters/push/index.js'
import type { Db } from '../../src/db/client.js'
import {
  customerProfiles,
  type PushPlatform,
  pushDevices,
  reminderSends,
  users,
  warranties,
} from '../../src/db/schema/index.js'
import { generateWarrantyCode } from '../../src/modules/warranties/warranty-code.js'

const DAY_MS = 86_400_000

/** Sets the customer's calendar token hash (creating the profile). */
export async function setCustomerCalendar(db: Db, customerId: string, hash: string | null): Promise<void> {
  await db
    .insert(customerProfiles)
    .values({ userId: customerId, calendarTokenHash: hash })
    .onConflictDoUpdate({ target: customerProfiles.userId, set: { calendarTokenHash: hash } })
}

export async function setReminderDays(db: Db, customerId: string, days: number): Promise<void> {
  await db
    .insert(customerProfiles)
    .values({ userId: customerId, reminderDaysBeforeExpiry: days })
    .onConflictDoUpdate({ target: customerProfiles.userId, set: { reminderDaysBeforeExpiry: days } })
}

/** Customers (password-less, ACTIVE), inserted in one statement per 500. */
export async function insertCustomers(db: Db, count: number): Promise<{ id: string; email: string }[]> {
  const out: { id: string; email: string }[] = []
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, () => ({
      email: `reminded-${randomUUID().slice(0, 13)}@example.com`,
      role: 'CUSTOMER' as const,
      name: 'Reminded customer',
    }))
    out.push(...(await db.insert(users).values(rows).returning({ id: users.id, email: users.email })))
  }
  return out
}

/** Claimed warranties of the given customers, expiring `expiresInDays` from now (fractional allowed). */
export async function insertClaimedWarranties(
  db: Db,
  merchantId: string,
  customers: { id: string; email: string }[],
  options: { expiresInDays: number; claimed?: boolean },
): Promise<{ id: string; customerId: string; expiresAt: Date }[]> {
  const out: { id: string; customerId: string; expiresAt: Date }[] = []
  for (let i = 0; i < customers.length; i += 500) {
    const rows = customers.slice(i, i + 500).map((c) => ({
      merchantId,
      warrantyCode: generateWarrantyCode(),
      serialNumber: `SN-${randomUUID().slice(0, 12)}`,
      customerId: c.id,
      customerEmail: c.email,
      expiresAt: new Date(Date.now() + options.expiresInDays * DAY_MS),
      claimedAt: options.claimed === false ? null : new Date(),
    }))
    out.push(
      ...(await db
        .insert(warranties)
        .values(rows)
        .returning({
          id: warranties.id,
          customerId: sql<string>`${warranties.customerId}`,
          expiresAt: warranties.expiresAt,
        })),
    )
  }
  return out
}

/** One device per customer (the token derived from the customer id unless given). */
export async function insertDevices(
  db: Db,
  customerIds: string[],
  platform: PushPlatform = 'android',
  tokenOf: (customerId: string) => string = (id) => `${platform}-token-${id}`,
): Promise<{ id: string; customerId: string; token: string }[]> {
  const out: { id: string; customerId: string; token: string }[] = []
  for (let i = 0; i < customerIds.length; i += 500) {
    const rows = customerIds.slice(i, i + 500).map((customerId) => ({
      customerId,
      platform,
      token: tokenOf(customerId),
    }))
    out.push(
      ...(await db
        .insert(pushDevices)
        .values(rows)
        .returning({ id: pushDevices.id, customerId: pushDevices.customerId, token: pushDevices.token })),
    )
  }
  return out
}

export async function reminderRows(db: Db, warrantyIds?: string[]) {
  return db
    .select()
    .from(reminderSends)
    .where(warrantyIds ? inArray(reminderSends.warrantyId, warrantyIds) : undefined)
}

export async function devicesOf(db: Db, customerId: string) {
  return db.select().from(pushDevices).where(eq(pushDevices.customerId, customerId))
}

/**
 * A PushPort that records every message it accepts, and can fail on demand: `failFor(token, err)`
 * throws `err` for that token, `hold()` makes sends wait until `release()` (a run caught mid-way).
 */
export class RecordingPush implements PushPort {
  readonly sent: PushMessage[] = []
  private readonly failures = new Map<string, () => Error>()
  private gate: Promise<void> | null = null
  private open: (() => void) | null = null
  private failHeld: Error | null = null
  latencyMs = 0
  /** After this many accepted messages, sends hold (as if the process froze mid-run). */
  stallAfter = Number.POSITIVE_INFINITY
  /** Sends waiting at the gate. */
  held = 0

  failFor(token: string, error: (() => Error) | null): void {
    if (error) this.failures.set(token, error)
    else this.failures.delete(token)
  }

  hold(): void {
    this.gate = new Promise((resolve) => {
      this.open = resolve
    })
  }

  /** Opens the gate; with `error`, the held sends fail with it instead of sending. */
  release(error?: Error): void {
    this.failHeld = error ?? null
    this.open?.()
    this.gate = null
  }

  async send(message: PushMessage): Promise<PushSendResult> {
    if (!this.gate && this.sent.length >= this.stallAfter) this.hold()
    if (this.gate) {
      this.held++
      await this.gate
      this.held--
      if (this.failHeld) throw this.failHeld
    }
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs))
    const failure = this.failures.get(message.token)
    if (failure) throw failure()
    this.sent.push(message)
    return { providerId: randomUUID() }
  }

  async health() {
    return { ok: true as const }
  }

  async close() {}
}
