import {
  bothDates,
  button,
  checkLink,
  details,
  htmlLayout,
  paragraph,
  type RenderedMail,
  subjectLine,
  textLayout,
} from './layout.js'
import { type MailLanguage, words } from './messages/index.js'

export interface WarrantyReminderData {
  merchantName: string
  /** Null when the warranty names no product. */
  productName: string | null
  expiresAt: Date
  /** `{APP_URL}/warranties/{id}`, built by the caller. */
  warrantyUrl: string
  /** The customer's language (English when absent). */
  language?: MailLanguage | null
}

/** "Your warranty for <product> ends on <date>": the reminder of a customer without a device. */
export function warrantyReminder(data: WarrantyReminderData): RenderedMail {
  const w = words(data.language)
  const warrantyUrl = checkLink(data.warrantyUrl, 'warrantyUrl')
  const merchant = data.merchantName
  const what = data.productName ?? w.t('reminder.purchase', { merchant })
  const date = bothDates(data.expiresAt, w)
  const subject = subjectLine(w.t('reminder.subject', { what, date }))
  const intro = w.t('reminder.intro', { merchant, what, date })
  const advice = w.t('reminder.advice')
  const rows: Array<readonly [string, string]> = [
    [w.t('row.merchant'), merchant],
    ...(data.productName ? [[w.t('row.product'), data.productName] as const] : []),
    [w.t('row.validUntil'), date],
  ]
  const action = w.t('reminder.action')
  const text = textLayout(
    [
      w.t('hello'),
      intro,
      advice,
      rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
      `${action}\n${warrantyUrl}`,
    ],
    w,
  )
  const html = htmlLayout(
    subject,
    [
      paragraph(w.t('hello')),
      paragraph(intro),
      paragraph(advice),
      details(rows),
      paragraph(action),
      button(warrantyUrl, w.t('reminder.button'), w),
    ],
    w,
  )
  return { subject, text, html }
}
