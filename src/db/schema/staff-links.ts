import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, tstz } from './columns.js'
import { users } from './users.js'

export const STAFF_LINK_KINDS = ['INVITATION', 'PASSWORD_RESET'] as const
export type StaffLinkKind = (typeof STAFF_LINK_KINDS)[number]

/**
 * E-mailed one-time links of staff users (docs/security.md, Staff invitations and password
 * reset): an invitation (the invited user chooses their first password) or a password reset.
 * The token is stored only as its SHA-256, like claim and magic links; using any link of a user
 * ends every other open link of that user.
 */
export const staffLinks = pgTable(
  'staff_links',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StaffLinkKind>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    /** Who sent the invitation (null for a reset, or once that user is removed). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_links_token_unique').on(t.tokenHash),
    index('staff_links_user_idx').on(t.userId, t.kind),
    check('staff_links_kind_check', sql`${t.kind} in ('INVITATION', 'PASSWORD_RESET')`),
  ],
)
