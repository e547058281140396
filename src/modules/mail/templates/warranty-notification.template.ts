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

export interface WarrantyNotificationData {
  merchantName: string
  /** Null when the warranty names no product. */
  productName: string | null
  serialNumber: string
  warrantyCode: string
  expiresAt: Date
  /** `{APP_URL}/claim?claimId={claimId}`, built by the caller. */
  claimUrl: string
  customerName?: string | null
  /** The customer's language (English when absent). */
  language?: MailLanguage | null
}

/** "Your warranty from <merchant>": the warranty's details and the link that claims it. */
export function warrantyNotification(data: WarrantyNotificationData): RenderedMail {
  const w = words(data.language)
  const claimUrl = checkLink(data.claimUrl, 'claimUrl')
  const merchant = data.merchantName
  const subject = subjectLine(w.t('notification.subject', { merchant }))
  const greeting = data.customerName ? w.t('helloName', { name: data.customerName }) : w.t('hello')
  const intro = data.productName
    ? w.t('notification.introProduct', { merchant, product: data.productName })
    : w.t('notification.introPurchase', { merchant })
  const rows: Array<readonly [string, string]> = [
    [w.t('row.merchant'), merchant],
    ...(data.productName ? [[w.t('row.product'), data.productName] as const] : []),
    [w.t('row.serial'), data.serialNumber],
    [w.t('row.code'), data.warrantyCode],
    [w.t('row.validUntil'), bothDates(data.expiresAt, w)],
  ]
  const action = w.t('notification.action')
  const personal = w.t('notification.personal')

  const text = textLayout(
    [
      greeting,
      intro,
      rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
      `${action}\n${claimUrl}`,
      personal,
    ],
    w,
  )
  const html = htmlLayout(
    subject,
    [
      paragraph(greeting),
      paragraph(intro),
      details(rows),
      paragraph(action),
      button(claimUrl, w.t('notification.button'), w),
      paragraph(personal),
    ],
    w,
  )
  return { subject, text, html }
}
