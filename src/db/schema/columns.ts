import { sql } from 'drizzle-orm'
import { timestamp, uuid } from 'drizzle-orm/pg-core'

/** Millisecond precision, so a JavaScript Date (and a cursor built from it) round-trips exactly. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' })

export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`)

export const timestamps = () => ({
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
})
