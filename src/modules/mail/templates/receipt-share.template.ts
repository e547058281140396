import {
  bothDates,
  button,
  checkLink,
  htmlLayout,
  paragraph,
  quote,
  type RenderedMail,
  textLayout,
} from './layout.js'

export interface ReceiptShareData {
  /** `{PUBLIC_API_URL}/v1/global/receipt-share/{token}`, built by the caller. */
  url: string
  expiresAt: Date
  /** A note written by the person sharing, shown as given (escaped). */
  message?: string | null
}

/** A receipt shared with the reader. Says nothing of who owns it. */
export function receiptShare(data: ReceiptShareData): RenderedMail {
  const url = checkLink(data.url, 'url')
  const subject = 'A receipt has been shared with you'
  const intro = 'A receipt has been shared with you through the warranty service.'
  const action = `You can view it with this link until ${bothDates(data.expiresAt)}:`
  const note = data.message?.trim() ? data.message.trim() : null

  const text = textLayout([
    'Hello,',
    intro,
    ...(note ? [`The person who shared it added this note:\n${note}`] : []),
    `${action}\n${url}`,
  ])
  const html = htmlLayout(subject, [
    paragraph('Hello,'),
    paragraph(intro),
    ...(note ? [paragraph('The person who shared it added this note:'), quote(note)] : []),
    paragraph(action),
    button(url, 'View the receipt'),
  ])
  return { subject, text, html }
}
