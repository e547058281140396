import { type ClaimNoticeData, claimNotice, parseClaimNews } from './claim-notice.template.js'
import type { RenderedMail } from './layout.js'
import { type MagicLinkData, magicLink } from './magic-link.template.js'
import { isMailLanguage, type MailLanguage } from './messages/index.js'
import { type ReceiptShareData, receiptShare } from './receipt-share.template.js'
import {
  REGISTRATION_NEWS,
  type RegistrationNews,
  type RegistrationNoticeData,
  registrationNotice,
} from './registration-notice.template.js'
import { type SenderVerificationData, senderVerification } from './sender-verification.template.js'
import { type StaffInvitationData, staffInvitation } from './staff-invitation.template.js'
import { type StaffPasswordResetData, staffPasswordReset } from './staff-password-reset.template.js'
import { type WarrantyNotificationData, warrantyNotification } from './warranty-notification.template.js'
import { type WarrantyReminderData, warrantyReminder } from './warranty-reminder.template.js'

export {
  type ClaimNews,
  type ClaimNewsKey,
  claimHeadline,
} from './claim-notice.template.js'
export type { RenderedMail } from './layout.js'
export { escapeHtml } from './layout.js'
export { MAIL_LANGUAGES, type MailLanguage, mailCatalogues } from './messages/index.js'
export { type RegistrationNews, registrationHeadline } from './registration-notice.template.js'
export type {
  ClaimNoticeData,
  MagicLinkData,
  ReceiptShareData,
  RegistrationNoticeData,
  SenderVerificationData,
  StaffInvitationData,
  StaffPasswordResetData,
  WarrantyNotificationData,
  WarrantyReminderData,
}
export {
  claimNotice,
  magicLink,
  receiptShare,
  registrationNotice,
  senderVerification,
  staffInvitation,
  staffPasswordReset,
  warrantyNotification,
  warrantyReminder,
}

/** The data of each template, by its stable name (the name stored in mail jobs). */
export interface MailTemplateData {
  'warranty.notification': WarrantyNotificationData
  'sender.verification': SenderVerificationData
  'customer.magic-link': MagicLinkData
  'receipt.share': ReceiptShareData
  'warranty.reminder': WarrantyReminderData
  'claim.notice': ClaimNoticeData
  'registration.notice': RegistrationNoticeData
  'staff.invitation': StaffInvitationData
  'staff.password-reset': StaffPasswordResetData
}

export type MailTemplateName = keyof MailTemplateData

/** What a mail job stores: a template name and its data, rendered at send time. */
export type MailJobContent = {
  [K in MailTemplateName]: { template: K; data: MailTemplateData[K] }
}[MailTemplateName]

interface MailTemplate<T> {
  /** Checks data read back from the database (dates arrive as ISO strings) and types it. */
  parse(data: unknown): T
  render(data: T): RenderedMail
}

/** Every template by its stable name. Renaming a key breaks jobs already queued. */
export const mailTemplates: { readonly [K in MailTemplateName]: MailTemplate<MailTemplateData[K]> } = {
  'warranty.notification': {
    parse: (data) => {
      const f = fields('warranty.notification', data)
      return {
        merchantName: f.text('merchantName'),
        productName: f.optionalText('productName'),
        serialNumber: f.text('serialNumber'),
        warrantyCode: f.text('warrantyCode'),
        expiresAt: f.date('expiresAt'),
        claimUrl: f.text('claimUrl'),
        customerName: f.optionalText('customerName'),
        language: f.language(),
      }
    },
    render: warrantyNotification,
  },
  'sender.verification': {
    parse: (data) => {
      const f = fields('sender.verification', data)
      return { merchantName: f.text('merchantName'), email: f.text('email'), verifyUrl: f.text('verifyUrl') }
    },
    render: senderVerification,
  },
  'customer.magic-link': {
    parse: (data) => {
      const f = fields('customer.magic-link', data)
      return {
        url: f.text('url'),
        expiresInMinutes: f.positiveInteger('expiresInMinutes'),
        language: f.language(),
      }
    },
    render: magicLink,
  },
  'receipt.share': {
    parse: (data) => {
      const f = fields('receipt.share', data)
      return {
        url: f.text('url'),
        expiresAt: f.date('expiresAt'),
        message: f.optionalText('message'),
        language: f.language(),
      }
    },
    render: receiptShare,
  },
  'warranty.reminder': {
    parse: (data) => {
      const f = fields('warranty.reminder', data)
      return {
        merchantName: f.text('merchantName'),
        productName: f.optionalText('productName'),
        expiresAt: f.date('expiresAt'),
        warrantyUrl: f.text('warrantyUrl'),
        language: f.language(),
      }
    },
    render: warrantyReminder,
  },
  'claim.notice': {
    parse: (data) => {
      const f = fields('claim.notice', data)
      return {
        headline: f.text('headline'),
        detail: f.optionalText('detail'),
        subjectName: f.text('subjectName'),
        url: f.text('url'),
        news: parseClaimNews((data as { news?: unknown }).news),
        language: f.language(),
      }
    },
    render: claimNotice,
  },
  'registration.notice': {
    parse: (data) => {
      const f = fields('registration.notice', data)
      return {
        headline: f.text('headline'),
        detail: f.optionalText('detail'),
        productName: f.text('productName'),
        url: f.text('url'),
        status: f.oneOf('status', REGISTRATION_NEWS) as RegistrationNews | null,
        language: f.language(),
      }
    },
    render: registrationNotice,
  },
  'staff.invitation': {
    parse: (data) => {
      const f = fields('staff.invitation', data)
      return {
        url: f.text('url'),
        inviterName: f.text('inviterName'),
        roleDescription: f.text('roleDescription'),
        expiresAt: f.date('expiresAt'),
      }
    },
    render: staffInvitation,
  },
  'staff.password-reset': {
    parse: (data) => {
      const f = fields('staff.password-reset', data)
      return { url: f.text('url'), expiresInMinutes: f.positiveInteger('expiresInMinutes') }
    },
    render: staffPasswordReset,
  },
}

export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.hasOwn(mailTemplates, name)
}

/**
 * Renders a stored `{template, data}`. Throws a plain `Error` naming the template and
 * the field when the name is unknown or the data is incomplete: such a job cannot
 * succeed on a retry.
 */
export function renderMail(template: string, data: unknown): RenderedMail {
  if (!isMailTemplateName(template)) throw new Error(`unknown mail template "${template}"`)
  return renderKnown(template, data)
}

function renderKnown<K extends MailTemplateName>(name: K, data: unknown): RenderedMail {
  const t = mailTemplates[name] as MailTemplate<MailTemplateData[K]>
  return t.render(t.parse(data))
}

function fields(template: string, data: unknown) {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error(`mail template "${template}": data must be an object`)
  }
  const record = data as Record<string, unknown>
  const fail = (name: string, problem: string) =>
    new Error(`mail template "${template}": field "${name}" ${problem}`)
  const present = (name: string): unknown => {
    const value = record[name]
    if (value === undefined || value === null || value === '') throw fail(name, 'is missing')
    return value
  }
  return {
    text(name: string): string {
      const value = present(name)
      if (typeof value !== 'string') throw fail(name, 'must be a string')
      return value
    },
    optionalText(name: string): string | null {
      const value = record[name]
      if (value === undefined || value === null || value === '') return null
      if (typeof value !== 'string') throw fail(name, 'must be a string or null')
      return value
    },
    date(name: string): Date {
      const value = present(name)
      const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null
      if (!date || Number.isNaN(date.getTime())) throw fail(name, 'must be a date (ISO 8601)')
      return date
    },
    /** The optional `language` of a customer e-mail; an unknown one reads as English (null). */
    language(): MailLanguage | null {
      const value = record.language
      return isMailLanguage(value) ? value : null
    },
    oneOf(name: string, values: readonly string[]): string | null {
      const value = record[name]
      if (value === undefined || value === null) return null
      if (typeof value !== 'string' || !values.includes(value))
        throw fail(name, `must be one of ${values.join(', ')}`)
      return value
    },
    positiveInteger(name: string): number {
      const value = present(name)
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
        throw fail(name, 'must be a positive integer')
      }
      return value
    },
  }
}
