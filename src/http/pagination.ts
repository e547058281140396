import { and, desc, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core'
import { AppError } from '../errors.js'

/**
 * Every list of the API is newest first (creation time, then id) with an opaque cursor: the
 * `limit` and `cursor` of `PageQuery`, the `{items, nextCursor}` envelope of `Page`.
 */

/** The page size when the query names none (PageQuery's default). */
export const DEFAULT_PAGE_LIMIT = 50

/** Newest-first keyset position: the last row's creation time and id. */
export interface Cursor {
  createdAt: Date
  id: string
}

/** What a list request asks for: `limit` and `cursor` of `PageQuery`. */
export interface PageRequest {
  limit?: number
  cursor?: string
}

/**
 * The page a repository reads: rows after `cursor`, newest first, `limit + 1` of them (the
 * extra row tells whether another page exists); `keysetPage` builds exactly that query.
 */
export interface PageWindow {
  limit: number
  cursor: Cursor | null
}

export interface PageResult<T> {
  items: T[]
  nextCursor: string | null
}

/** The columns a newest-first list is ordered by. */
export interface KeyColumns {
  createdAt: AnyPgColumn
  id: AnyPgColumn
}

type KeyedRow = { createdAt: Date; id: string }

/**
 * One page of a newest-first list: decodes the cursor (400 when it is not one of ours), reads
 * the window with `fetch` (a repository function, `limit + 1` rows), maps the rows it keeps and
 * encodes the next cursor.
 */
export async function paginate<R extends KeyedRow, T>(
  request: PageRequest,
  fetch: (window: PageWindow) => Promise<R[]>,
  map: (row: R) => T,
): Promise<PageResult<T>> {
  const window = { limit: request.limit ?? DEFAULT_PAGE_LIMIT, cursor: decodeCursor(request.cursor) }
  return toPage(await fetch(window), window.limit, map)
}

/**
 * Narrows a select (made `$dynamic()`) to one page window: `filters` and the rows after the
 * cursor, newest first, `limit + 1` rows.
 */
export function keysetPage<Q extends PgSelect>(
  query: Q,
  columns: KeyColumns,
  window: PageWindow,
  filters: (SQL | undefined)[] = [],
): Q {
  return query
    .where(and(...filters, afterCursor(columns, window.cursor)))
    .orderBy(...newestFirst(columns))
    .limit(window.limit + 1)
}

export function encodeCursor(row: KeyedRow): string {
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
export function toPage<R extends KeyedRow, T>(rows: R[], limit: number, map: (row: R) => T): PageResult<T> {
  const more = rows.length > limit
  const pageRows = more ? rows.slice(0, limit) : rows
  const last = pageRows.at(-1)
  return { items: pageRows.map(map), nextCursor: more && last ? encodeCursor(last) : null }
}

/** `WHERE` fragment selecting rows after the cursor in (createdAt desc, id desc) order. */
export function afterCursor(columns: KeyColumns, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined
  return sql`(${columns.createdAt}, ${columns.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
}

export const newestFirst = (columns: KeyColumns) => [desc(columns.createdAt), desc(columns.id)]
