import { ilike, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from './client.js'

/** Case-insensitive "contains": `%` and `_` in the text match themselves, not any character. */
export function contains(column: AnyPgColumn, text: string): SQL {
  return ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
}

/** The PostgreSQL error behind a failed query (Drizzle wraps it in `cause`), if any. */
function pgError(err: unknown): { code?: string; constraint?: string } | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
      }
    }
    e = candidate.cause
  }
  return null
}

/** A unique violation (23505), of `constraint` when given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgError(err)
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint)
}

/** A foreign-key violation (23503), of `constraint` when given. */
export function isForeignKeyViolation(err: unknown, constraint?: string): boolean {
  const pg = pgError(err)
  return pg?.code === '23503' && (constraint === undefined || pg.constraint === constraint)
}

/** The rows of a raw statement (`db.execute`), whichever shape the driver answers with. */
export async function rowsOf<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[]
  return Array.isArray(result) ? result : (result.rows ?? [])
}
