import {
  button,
  checkLink,
  htmlLayout,
  paragraph,
  quote,
  type RenderedMail,
  subjectLine,
  textLayout,
} from './layout.js'

export interface ClaimNoticeData {
  /** What happened, in one sentence ("Your claim was approved."). */
  headline: string
  /** The reason, question or message that came with it, shown as given (escaped). */
  detail?: string | null
  /** The product (or the warranty code when the warranty names none). */
  subjectName: string
  /** The claim's page for the reader: the web app's or the console's. */
  url: string
}

/** A claim changed or got a message: to the customer, the merchant's staff or the provider's users. */
export function claimNotice(data: ClaimNoticeData): RenderedMail {
  const url = checkLink(data.url, 'url')
  const subject = subjectLine(`Claim for ${data.subjectName}: ${data.headline}`)
  const detail = data.detail?.trim() ? data.detail.trim() : null
  const action = 'See the claim, its timeline and its messages:'
  const text = textLayout(['Hello,', data.headline, ...(detail ? [detail] : []), `${action}\n${url}`])
  const html = htmlLayout(subject, [
    paragraph('Hello,'),
    paragraph(data.headline),
    ...(detail ? [quote(detail)] : []),
    paragraph(action),
    button(url, 'Open the claim'),
  ])
  return { subject, text, html }
}
