import { desc, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { AppError } from '../errors.js'

/** Newest-first keyset position: the last row's creation time and id. */
export interface Cursor {
  createdAt: Date
  id: string
}

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, 'utf8').toString('base64url')
}

export function decodeCursor(cursor: string | undefined): Cursor | null {
  if (cursor === undefined) return null
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const [iso, id] = text.split('|')
  const createdAt = new Date(iso ?? '')
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new AppError('validation_error', 'The cursor is not valid', [
      { path: '/querystring/cursor', message: 'not a cursor returned by this list' },
    ])
  }
  return { createdAt, id }
}

/** Cuts the extra row fetched to learn whether another page exists. */
export function toPage<R extends { createdAt: Date; id: string }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  const more = rows.length > limit
  const pageRows = more ? rows.slice(0, limit) : rows
  const last = pageRows.at(-1)
  return { items: pageRows.map(map), nextCursor: more && last ? encodeCursor(last) : null }
}

/** `WHERE` fragment selecting rows after the cursor in (createdAt desc, id desc) order. */
export function afterCursor(
  columns: { createdAt: AnyPgColumn; id: AnyPgColumn },
  cursor: Cursor | null,
): SQL | undefined {
  if (!cursor) return undefined
  return sql`(${columns.createdAt}, ${columns.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
}

export const newestFirst = (columns: { createdAt: AnyPgColumn; id: AnyPgColumn }) => [
  desc(columns.createdAt),
  desc(columns.id),
]
