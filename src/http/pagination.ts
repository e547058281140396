import type { Cursor, PageWindow } from '../db/keyset-page.js'
import { AppError } from '../errors.js'

// The query side (the window a repository reads) is SQL: src/db/keyset-page.ts.

/**
 * Every list of the API is newest first (creation time, then id) with an opaque cursor: the
 * `limit` and `cursor` of `PageQuery`, the `{items, nextCursor}` envelope of `Page`.
 */

/** The page size when the query names none (PageQuery's default). */
export const DEFAULT_PAGE_LIMIT = 50

/** What a list request asks for: `limit` and `cursor` of `PageQuery`. */
export interface PageRequest {
  limit?: number
  cursor?: string
}

export interface PageResult<T> {
  items: T[]
  nextCursor: string | null
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
