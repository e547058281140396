import { sql } from 'drizzle-orm'
import { staffLinks, users } from './schema/index.js'

/**
 * A column for staff user selects (from `users`): the expiry of the newest unused invitation
 * link of a user who has not chosen a password yet, else null (an active account, or one made
 * with a password). `users.id` is written out: in a select from users alone drizzle renders the
 * column bare ("id"), which inside the subquery would name the link's own id.
 */
export const pendingInvitationExpiry = sql<Date | null>`case when ${users.passwordHash} is null then (
    select max(l.expires_at) from ${staffLinks} l
    where l.user_id = users.id and l.kind = 'INVITATION' and l.used_at is null
  ) end`.mapWith((value: string | Date): Date | null => new Date(value))
