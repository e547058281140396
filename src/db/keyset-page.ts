import { and, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core'

/** Newest-first keyset position: the last row's creation time and id. */
export interface Cursor {
  createdAt: Date
  id: string
}

/**
 * The page a repository reads: rows after `cursor`, newest first, `limit + 1` of them (the
 * extra row tells whether another page exists); `keysetPage` builds exactly that query. The
 * HTTP side (cursor encoding, the `{items, nextCursor}` envelope) is src/http/pagination.ts.
 */
export interface PageWindow {
  limit: number
  cursor: Cursor | null
}

/** The columns a newest-first list is ordered by. */
interface KeyColumns {
  createdAt: AnyPgColumn
  id: AnyPgColumn
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

/**
 * `created_at DESC NULLS LAST, id DESC NULLS LAST`: the order of the list indexes (Drizzle's
 * `.desc()` makes them NULLS LAST). A plain `DESC` means NULLS FIRST in PostgreSQL and no
 * index of that shape can serve it: the list then reads and sorts all of a merchant's rows
 * (25 ms at 20,000 warranties instead of 0.2 ms). The columns are never null; the order is
 * the same, only the plan changes.
 */
export function newestFirst(columns: KeyColumns): SQL[] {
  return [sql`${columns.createdAt} desc nulls last`, sql`${columns.id} desc nulls last`]
}

/** `WHERE` fragment selecting rows after the cursor in (createdAt desc, id desc) order. */
function afterCursor(columns: KeyColumns, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined
  return sql`(${columns.createdAt}, ${columns.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
}
