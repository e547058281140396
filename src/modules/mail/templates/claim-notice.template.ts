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
  return noticeMail({
    subject: `Claim for ${data.subjectName}: ${data.headline}`,
    headline: data.headline,
    detail: data.detail,
    action: 'See the claim, its timeline and its messages:',
    url: data.url,
    button: 'Open the claim',
  })
}

/** A short notice: a headline, an optional quoted detail, and a link to act on. */
export function noticeMail(n: {
  subject: string
  headline: string
  detail?: string | null | undefined
  action: string
  url: string
  button: string
}): RenderedMail {
  const url = checkLink(n.url, 'url')
  const subject = subjectLine(n.subject)
  const detail = n.detail?.trim() ? n.detail.trim() : null
  const text = textLayout(['Hello,', n.headline, ...(detail ? [detail] : []), `${n.action}\n${url}`])
  const html = htmlLayout(subject, [
    paragraph('Hello,'),
    paragraph(n.headline),
    ...(detail ? [quote(detail)] : []),
    paragraph(n.action),
    button(url, n.button),
  ])
  return { subject, text, html }
}
