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
}

/** "Your warranty from <merchant>": the warranty's details and the link that claims it. */
export function warrantyNotification(data: WarrantyNotificationData): RenderedMail {
  const claimUrl = checkLink(data.claimUrl, 'claimUrl')
  const subject = subjectLine(`Your warranty from ${data.merchantName}`)
  const greeting = data.customerName ? `Hello ${data.customerName},` : 'Hello,'
  const intro = data.productName
    ? `${data.merchantName} has registered a warranty for your ${data.productName}.`
    : `${data.merchantName} has registered a warranty for your purchase.`
  const rows: Array<readonly [string, string]> = [
    ['Merchant', data.merchantName],
    ...(data.productName ? [['Product', data.productName] as const] : []),
    ['Serial number', data.serialNumber],
    ['Warranty code', data.warrantyCode],
    ['Valid until', bothDates(data.expiresAt)],
  ]
  const action = 'Add it to your warranty wallet to keep it safe and be reminded before it expires:'
  const personal = 'This link is for you only: do not forward this e-mail.'

  const text = textLayout([
    greeting,
    intro,
    rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    `${action}\n${claimUrl}`,
    personal,
  ])
  const html = htmlLayout(subject, [
    paragraph(greeting),
    paragraph(intro),
    details(rows),
    paragraph(action),
    button(claimUrl, 'Claim your warranty'),
    paragraph(personal),
  ])
  return { subject, text, html }
}
