// Dates and amounts: the one helper of the console and the customer app.
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../lib/format.js'
import { ct } from './i18n.js'

export { formatDate, formatDateTime, formatMoney, formatNumber }

/** A mint state in words, with the tone of its badge. */
export function mintBadge(status: string): { text: string; tone: string } {
  switch (status) {
    case 'MINTED':
      return { text: ct('warranties.mint.minted'), tone: 'good' }
    case 'FAILED':
      return { text: ct('warranties.mint.failed'), tone: 'bad' }
    case 'MINTING':
      return { text: ct('warranties.mint.minting'), tone: 'warn' }
    default:
      return { text: ct('warranties.mint.pending'), tone: 'warn' }
  }
}

/** `purchase date (or today) + months`, as the API derives expiresAt; null when not computable. */
export function derivedExpiry(purchaseDate: string, months: number): Date | null {
  const start = purchaseDate ? new Date(`${purchaseDate}T00:00:00Z`) : new Date()
  if (Number.isNaN(start.getTime()) || !Number.isInteger(months) || months <= 0) return null
  // Calendar months in UTC; a day the target month lacks becomes its last day (as the API does).
  const month = start.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), month + 1, 0)).getUTCDate()
  const end = new Date(start)
  end.setUTCDate(1)
  end.setUTCMonth(month)
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay))
  return end
}

/** GTIN-8, -12, -13 or -14 with a correct GS1 check digit, as the API checks it. */
export function isGtin(value: string): boolean {
  if (!/^([0-9]{8}|[0-9]{12,14})$/.test(value)) return false
  const digits = [...value].map(Number)
  const check = digits.pop()
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0)
  return (10 - (sum % 10)) % 10 === check
}

/** The console's one message for a GTIN it will not send (the API refuses it for the same reason). */
export function gtinProblem(value: string): string | null {
  const gtin = value.trim()
  return gtin && !isGtin(gtin) ? ct('common.gtinProblem') : null
}

/** A staff user's status in words: an invitation not yet accepted says so (and until when). */
export function staffStatus(user: {
  status: string
  invitation?: { status: 'PENDING' | 'EXPIRED'; expiresAt: string } | undefined
}): string {
  if (user.invitation?.status === 'PENDING')
    return ct('common.staff.invited', { date: formatDateTime(user.invitation.expiresAt) })
  if (user.invitation) return ct('common.staff.invitationExpired')
  return user.status === 'ACTIVE' ? ct('common.staff.active') : ct('common.staff.suspended')
}
