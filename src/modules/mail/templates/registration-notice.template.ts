import { noticeMail } from './claim-notice.template.js'
import type { RenderedMail } from './layout.js'
import { type MailLanguage, words } from './messages/index.js'

export const REGISTRATION_NEWS = ['APPROVED', 'PENDING', 'DISPUTE', 'REFUSED'] as const
export type RegistrationNews = (typeof REGISTRATION_NEWS)[number]

export interface RegistrationNoticeData {
  /** What happened, in one sentence ("Your Kettle K2 is registered."). */
  headline: string
  /** The registration's state: the headline said in the buyer's language instead of `headline`. */
  status?: RegistrationNews | null
  /** The merchant's reason, shown as given (escaped). */
  detail?: string | null
  /** The product registered. */
  productName: string
  /** The registration's page in the web app. */
  url: string
  /** The buyer's language (English when absent). */
  language?: MailLanguage | null
}

/** The registration's news in one sentence, in English unless a language is given. */
export function registrationHeadline(
  status: RegistrationNews,
  productName: string,
  language: MailLanguage | null = null,
): string {
  return words(language).t(`registration.${status}`, { product: productName })
}

/** A buyer's registration of a product was received, approved, refused or disputed. */
export function registrationNotice(data: RegistrationNoticeData): RenderedMail {
  const w = words(data.language)
  const headline = data.status
    ? registrationHeadline(data.status, data.productName, w.language)
    : data.headline
  return noticeMail(
    {
      subject: w.t('registration.subject', { name: data.productName, headline }),
      headline,
      detail: data.detail,
      action: w.t('registration.action'),
      url: data.url,
      button: w.t('registration.button'),
    },
    w,
  )
}
