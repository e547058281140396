import { noticeMail } from './claim-notice.template.js'
import type { RenderedMail } from './layout.js'

export interface RegistrationNoticeData {
  /** What happened, in one sentence ("Your Kettle K2 is registered."). */
  headline: string
  /** The merchant's reason, shown as given (escaped). */
  detail?: string | null
  /** The product registered. */
  productName: string
  /** The registration's page in the web app. */
  url: string
}

/** A buyer's registration of a product was received, approved, refused or disputed. */
export function registrationNotice(data: RegistrationNoticeData): RenderedMail {
  return noticeMail({
    subject: `Registration of ${data.productName}: ${data.headline}`,
    headline: data.headline,
    detail: data.detail,
    action: 'See your registration:',
    url: data.url,
    button: 'Open the registration',
  })
}
