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
import { type MailLanguage, type Words, words } from './messages/index.js'

/** What happened to a customer's claim, by its catalogue key (the e-mail says it in their language). */
export const CLAIM_NEWS = [
  'received',
  'receivedApproved',
  'cancelled',
  'approved',
  'denied',
  'infoRequested',
  'assigned',
  'inRepair',
  'resolved',
  'message',
] as const
export type ClaimNewsKey = (typeof CLAIM_NEWS)[number]
const OUTCOMES = ['REPAIRED', 'REPLACED', 'REFUNDED', 'NOT_COVERED'] as const

export interface ClaimNews {
  key: ClaimNewsKey
  /** `assigned`: the repair service's name. */
  provider?: string
  /** `resolved`: the outcome, and a replacement's serial number. */
  outcome?: (typeof OUTCOMES)[number]
  serial?: string | null
}

export interface ClaimNoticeData {
  /** What happened, in one sentence ("Your claim was approved."): what staff notices say. */
  headline: string
  /** A customer's notice: what happened, said in the customer's language instead of `headline`. */
  news?: ClaimNews | null
  /** The reason, question or message that came with it, shown as given (escaped). */
  detail?: string | null
  /** The product (or the warranty code when the warranty names none). */
  subjectName: string
  /** The claim's page for the reader: the web app's or the console's. */
  url: string
  /** The customer's language (English when absent, and for staff). */
  language?: MailLanguage | null
}

/** The news in one sentence, in the given language (English by default: the push and the staff's words). */
export function claimHeadline(news: ClaimNews, w: Words = words('en')): string {
  if (news.key === 'assigned') return w.t('claim.assigned', { provider: news.provider ?? '' })
  if (news.key === 'resolved') {
    const outcome = w.t(`outcome.${news.outcome ?? 'REPAIRED'}`)
    return news.serial
      ? w.t('claim.resolvedNewSerial', { outcome, serial: news.serial })
      : w.t('claim.resolved', { outcome })
  }
  return w.t(`claim.${news.key}`)
}

/** The `news` of stored data, checked (null when absent; an unknown key is refused). */
export function parseClaimNews(value: unknown): ClaimNews | null {
  if (value === undefined || value === null) return null
  const v = value as Record<string, unknown>
  if (typeof value !== 'object' || !(CLAIM_NEWS as readonly unknown[]).includes(v.key))
    throw new Error('mail template "claim.notice": field "news" is not a known claim news')
  return {
    key: v.key as ClaimNewsKey,
    ...(typeof v.provider === 'string' ? { provider: v.provider } : {}),
    ...((OUTCOMES as readonly unknown[]).includes(v.outcome)
      ? { outcome: v.outcome as ClaimNews['outcome'] }
      : {}),
    ...(typeof v.serial === 'string' ? { serial: v.serial } : {}),
  }
}

/** A claim changed or got a message: to the customer, the merchant's staff or the provider's users. */
export function claimNotice(data: ClaimNoticeData): RenderedMail {
  const w = words(data.language)
  const headline = data.news ? claimHeadline(data.news, w) : data.headline
  const received = data.news?.key === 'received' && !data.detail?.trim()
  return noticeMail(
    {
      subject: w.t('claim.subject', { name: data.subjectName, headline }),
      headline,
      detail: received ? w.t('claim.receivedDetail') : data.detail,
      action: w.t('claim.action'),
      url: data.url,
      button: w.t('claim.button'),
    },
    w,
  )
}

/** A short notice: a headline, an optional quoted detail, and a link to act on. */
export function noticeMail(
  n: {
    subject: string
    headline: string
    detail?: string | null | undefined
    action: string
    url: string
    button: string
  },
  w: Words,
): RenderedMail {
  const url = checkLink(n.url, 'url')
  const subject = subjectLine(n.subject)
  const detail = n.detail?.trim() ? n.detail.trim() : null
  const hello = w.t('hello')
  const text = textLayout([hello, n.headline, ...(detail ? [detail] : []), `${n.action}\n${url}`], w)
  const html = htmlLayout(
    subject,
    [
      paragraph(hello),
      paragraph(n.headline),
      ...(detail ? [quote(detail)] : []),
      paragraph(n.action),
      button(url, n.button, w),
    ],
    w,
  )
  return { subject, text, html }
}
