import { button, checkLink, htmlLayout, paragraph, type RenderedMail, textLayout } from './layout.js'
import { type MailLanguage, words } from './messages/index.js'

export interface MagicLinkData {
  /** `{APP_URL}/auth/magic?token={token}`, built by the caller. */
  url: string
  expiresInMinutes: number
  /** The customer's language (English when absent). */
  language?: MailLanguage | null
}

/** The one-time sign-in link of request-access. */
export function magicLink(data: MagicLinkData): RenderedMail {
  const w = words(data.language)
  const url = checkLink(data.url, 'url')
  const subject = w.t('magic.subject')
  const intro = w.t('magic.intro')
  const expiry = w.plural('magic.expiry', data.expiresInMinutes)
  const ignore = w.t('magic.ignore')

  const text = textLayout([w.t('hello'), `${intro} ${expiry}`, url, ignore], w)
  const html = htmlLayout(
    subject,
    [
      paragraph(w.t('hello')),
      paragraph(`${intro} ${expiry}`),
      button(url, w.t('magic.button'), w),
      paragraph(ignore),
    ],
    w,
  )
  return { subject, text, html }
}
