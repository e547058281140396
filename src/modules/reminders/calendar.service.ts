import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { createOneTimeToken, hashToken } from '../../lib/one-time-tokens.js'
import { findCalendarOwner, listCalendarWarranties, setCalendarTokenHash } from './calendar.repository.js'
import { renderIcs } from './ics.js'
import { warrantyLink } from './reminder-message.js'

/** The feed's token: 256 random bits, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/**
 * A customer's private calendar feed (RFC 5545): one all-day event per warranty expiry, with an
 * alarm at the customer's reminder threshold. The URL carries a random token stored only as a
 * hash; creating a feed again replaces the token (the old URL stops working), revoking clears it.
 */
export class CalendarService {
  constructor(private readonly deps: { db: Db; appUrl: string; publicApiUrl: string }) {}

  /** A fresh feed URL for the customer; any earlier one stops working. */
  async create(customerId: string): Promise<{ url: string; webcalUrl: string }> {
    const { token, hash } = createOneTimeToken()
    await setCalendarTokenHash(this.deps.db, customerId, hash)
    const url = `${this.deps.publicApiUrl.replace(/\/+$/, '')}/v1/global/calendar/${token}.ics`
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') }
  }

  async revoke(customerId: string): Promise<{ revoked: true }> {
    await setCalendarTokenHash(this.deps.db, customerId, null)
    return { revoked: true }
  }

  /** The feed of the token's owner; an unknown or revoked token: 404 not_found. */
  async feed(tokenInPath: string, now = new Date()): Promise<string> {
    const token = tokenInPath.endsWith('.ics') ? tokenInPath.slice(0, -4) : tokenInPath
    const owner = TOKEN_PATTERN.test(token) ? await findCalendarOwner(this.deps.db, hashToken(token)) : null
    if (!owner) throw new AppError('not_found', 'No calendar at this address')
    const rows = await listCalendarWarranties(this.deps.db, owner.customerId)
    const host = new URL(this.deps.publicApiUrl).hostname
    return renderIcs({
      name: 'Warranty expiries',
      events: rows.map((w) => {
        const what = w.productName ?? `Purchase from ${w.merchantName}`
        const link = warrantyLink(this.deps.appUrl, w.id)
        return {
          uid: `warranty-${w.id}@${host}`,
          date: w.expiresAt,
          summary: `Warranty ends: ${what}`,
          description: `${what} (${w.merchantName}), warranty ${w.warrantyCode}: valid until ${w.expiresAt.toISOString().slice(0, 10)}.\n${link}`,
          url: link,
          stamp: w.updatedAt > now ? now : w.updatedAt,
          alarmDaysBefore: owner.reminderDays,
        }
      }),
    })
  }
}
