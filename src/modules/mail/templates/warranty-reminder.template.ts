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

export interface WarrantyReminderData {
  merchantName: string
  /** Null when the warranty names no product. */
  productName: string | null
  expiresAt: Date
  /** `{APP_URL}/warranties/{id}`, built by the caller. */
  warrantyUrl: string
}

/** "Your warranty for <product> ends on <date>": the reminder of a customer without a device. */
export function warrantyReminder(data: WarrantyReminderData): RenderedMail {
  const warrantyUrl = checkLink(data.warrantyUrl, 'warrantyUrl')
  const what = data.productName ?? `your purchase from ${data.merchantName}`
  const subject = subjectLine(`Your warranty for ${what} ends on ${bothDates(data.expiresAt)}`)
  const intro = `The warranty ${data.merchantName} gave you for ${what} ends on ${bothDates(data.expiresAt)}.`
  const advice = 'If anything is wrong with it, now is the time to ask for a repair or a replacement.'
  const rows: Array<readonly [string, string]> = [
    ['Merchant', data.merchantName],
    ...(data.productName ? [['Product', data.productName] as const] : []),
    ['Valid until', bothDates(data.expiresAt)],
  ]
  const action = 'See the warranty in your wallet:'
  const text = textLayout([
    'Hello,',
    intro,
    advice,
    rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    `${action}\n${warrantyUrl}`,
  ])
  const html = htmlLayout(subject, [
    paragraph('Hello,'),
    paragraph(intro),
    paragraph(advice),
    details(rows),
    paragraph(action),
    button(warrantyUrl, 'View the warranty'),
  ])
  return { subject, text, html }
}
