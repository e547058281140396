import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Db } from '../../src/db/client.js'
import {
  auditLog,
  type GlobalProductRow,
  globalProducts,
  type MerchantProductRow,
  type MintStatus,
  merchantProducts,
  type WarrantyRow,
  warranties,
} from '../../src/db/schema/index.js'
import { createMerchantWithUsers, createUser, type TestUser } from './factories.js'
import type { TestService } from './harness.js'

/** `body` followed by its GS1 check digit. */
export function withCheckDigit(body: string): string {
  const sum = [...body].reverse().reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 3 : 1), 0)
  return `${body}${(10 - (sum % 10)) % 10}`
}

/** A fresh, valid GTIN of 8, 12, 13 (default) or 14 digits. */
export function validGtin(length: 8 | 12 | 13 | 14 = 13): string {
  const body = Array.from({ length: length - 1 }, () => randomInt(10)).join('')
  return withCheckDigit(body)
}

/** The same GTIN with a wrong check digit. */
export function withWrongCheckDigit(gtin: string): string {
  const last = Number(gtin.at(-1))
  return `${gtin.slice(0, -1)}${(last + 1) % 10}`
}

/** A short random label, to keep each test's data apart from the rest of the file's. */
export const tag = (label = 't') => `${label}${randomBytes(4).toString('hex')}`

export async function createGlobalProduct(
  db: Db,
  overrides: Partial<typeof globalProducts.$inferInsert> = {},
): Promise<GlobalProductRow> {
  const [row] = await db
    .insert(globalProducts)
    .values({ brand: `Brand ${tag()}`, model: `Model ${tag()}`, category: 'Audio', ...overrides })
    .returning()
  if (!row) throw new Error('global product not created')
  return row
}

export async function createMerchantProduct(
  db: Db,
  merchantId: string,
  overrides: Partial<typeof merchantProducts.$inferInsert> = {},
): Promise<MerchantProductRow> {
  const [row] = await db
    .insert(merchantProducts)
    .values({ merchantId, merchantSku: tag('SKU-'), title: `Product ${tag()}`, ...overrides })
    .returning()
  if (!row) throw new Error('merchant product not created')
  return row
}

const DAY = 24 * 60 * 60 * 1000
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY)

/** A warranty row written straight to the table (no issuing, no mint job). */
export async function insertWarranty(
  db: Db,
  values: {
    merchantId: string
    merchantProductId?: string | null
    globalProductId?: string | null
    expiresAt?: Date
    mintStatus?: MintStatus
    claimedAt?: Date | null
  },
): Promise<WarrantyRow> {
  const [row] = await db
    .insert(warranties)
    .values({
      warrantyCode: `WR-${randomBytes(6).toString('hex').toUpperCase()}`,
      serialNumber: `SN-${randomUUID()}`,
      expiresAt: daysFromNow(365),
      ...values,
    })
    .returning()
  if (!row) throw new Error('warranty not created')
  return row
}

/** The audit rows of one target, newest first, straight from the table. */
export async function auditRowsOf(db: Db, targetId: string) {
  return db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.createdAt))
}

interface Listed {
  id: string
  createdAt: string
}

/** Walks a list with `limit` until nextCursor is null; answers each page's items. */
export async function walkPages<T extends Listed>(
  svc: TestService,
  url: string,
  token: string | undefined,
  limit: number,
): Promise<T[][]> {
  const pages: T[][] = []
  let cursor: string | null = null
  const sep = url.includes('?') ? '&' : '?'
  do {
    const res = await svc.request({
      method: 'GET',
      url: `${url}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ...(token ? { token } : {}),
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { items: T[]; nextCursor: string | null }
    pages.push(body.items)
    cursor = body.nextCursor
    if (pages.length > 100) throw new Error('pagination does not end')
  } while (cursor)
  return pages
}

/** Newest first, as the lists promise: createdAt descending, then id descending. */
export function newestFirst<T extends Listed>(items: T[]): T[] {
  return [...items].sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
  )
}

/**
 * Asserts the 7-items-by-3 walk: pages of 3, 3 and 1, no duplicates, no gaps, newest first,
 * nextCursor null at the end (`walkPages` stops there).
 */
export async function expectPagesOf7<T extends Listed>(
  svc: TestService,
  url: string,
  token: string | undefined,
  created: T[],
): Promise<void> {
  expect(created).toHaveLength(7)
  const pages = await walkPages<T>(svc, url, token, 3)
  expect(pages.map((p) => p.length)).toEqual([3, 3, 1])
  const ids = pages.flat().map((i) => i.id)
  expect(new Set(ids).size).toBe(7)
  expect(ids).toEqual(newestFirst(created).map((i) => i.id))
}

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** An admin, and one caller of every other role (a merchant owner, a customer, a service provider) for 403 checks. */
export async function adminAndOthers(
  svc: TestService,
): Promise<{ admin: TestUser; others: { label: string; token: string }[] }> {
  const [admin, tenant, customer, provider] = await Promise.all([
    createUser(svc.deps, { role: 'ADMIN' }),
    createMerchantWithUsers(svc.deps),
    createUser(svc.deps, { role: 'CUSTOMER', password: null }),
    createUser(svc.deps, { role: 'SERVICE_PROVIDER' }),
  ])
  return {
    admin,
    others: [
      { label: 'merchant owner', token: tenant.owner.token },
      { label: 'customer', token: customer.token },
      { label: 'service provider', token: provider.token },
    ],
  }
}
