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
import { type MailLanguage, words } from './messages/index.js'

export interface ReceiptShareData {
  /** `{PUBLIC_API_URL}/v1/global/receipt-share/{token}`, built by the caller. */
  url: string
  expiresAt: Date
  /** A note written by the person sharing, shown as given (escaped). */
  message?: string | null
  /** The reader's language when the reader is a customer who chose one (English otherwise). */
  language?: MailLanguage | null
}

/** A receipt shared with the reader. Says nothing of who owns it. */
export function receiptShare(data: ReceiptShareData): RenderedMail {
  const w = words(data.language)
  const url = checkLink(data.url, 'url')
  const subject = w.t('share.subject')
  const intro = w.t('share.intro')
  const action = w.t('share.action', { date: bothDates(data.expiresAt, w) })
  const note = data.message?.trim() ? data.message.trim() : null

  const text = textLayout(
    [w.t('hello'), intro, ...(note ? [`${w.t('share.note')}\n${note}`] : []), `${action}\n${url}`],
    w,
  )
  const html = htmlLayout(
    subject,
    [
      paragraph(w.t('hello')),
      paragraph(intro),
      ...(note ? [paragraph(w.t('share.note')), quote(note)] : []),
      paragraph(action),
      button(url, w.t('share.button'), w),
    ],
    w,
  )
  return { subject, text, html }
}
