import type { PushMessage } from '../../adapters/push/index.js'
import type { ReminderDevice, ReminderSubject } from './reminders.repository.js'

const DAY_MS = 86_400_000

/** `{APP_URL}/warranties/{id}`: where the app shows one warranty of the wallet (docs/reminders.md). */
export function warrantyLink(appUrl: string, warrantyId: string): string {
  return `${appUrl.replace(/\/+$/, '')}/warranties/${warrantyId}`
}

/** "in 3 days", "tomorrow", "today": counted in whole days from now, rounded up. */
function inDays(expiresAt: Date, now: Date): string {
  const days = Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS))
  return days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`
}

/** The push notification of one reminder: product, merchant, expiry date, and the link as data. */
export function reminderPush(
  subject: ReminderSubject,
  device: ReminderDevice,
  appUrl: string,
  now = new Date(),
): PushMessage {
  const what = subject.productName ?? 'Your purchase'
  const date = subject.expiresAt.toISOString().slice(0, 10)
  return {
    platform: device.platform,
    token: device.token,
    title: 'Warranty ending soon',
    body: `${what} from ${subject.merchantName}: the warranty ends ${inDays(subject.expiresAt, now)} (${date}).`,
    data: {
      type: 'warranty.reminder',
      warrantyId: subject.warrantyId,
      expiresAt: subject.expiresAt.toISOString(),
      url: warrantyLink(appUrl, subject.warrantyId),
    },
  }
}

/**
 * Whether a logged reminder is still worth sending: the warranty still claimed by the customer
 * it was scheduled for, with the same expiry (a changed expiry is scheduled anew), not expired.
 */
export function stillDue(subject: ReminderSubject | undefined, expiresAt: Date, now = new Date()): boolean {
  return (
    subject !== undefined &&
    subject.customerId !== null &&
    subject.expiresAt.getTime() === expiresAt.getTime() &&
    subject.expiresAt > now
  )
}
