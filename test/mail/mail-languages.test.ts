import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preferredLanguage } from '../../src/lib/accept-language.js'
import {
  MAIL_LANGUAGES,
  magicLink,
  mailCatalogues,
  renderMail,
} from '../../src/modules/mail/templates/index.js'
import { claimThrough } from '../support/customer-factories.js'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { type SinkMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js'
import { claimIdsOf, issueWarranty } from '../support/warranty-factories.js'

// The customer e-mails in the customer's language (docs/email.md#languages): one catalogue per
// language, the profile's language chosen when the message is queued.

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('the e-mail catalogues', () => {
  const english = mailCatalogues.en
  it.each(MAIL_LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every key of English, none empty, with its placeholders',
    (lang) => {
      const catalogue = mailCatalogues[lang]
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort())
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim(), `${lang} ${key}`).not.toBe('')
        expect(placeholders(text), `${lang} ${key}`).toEqual(
          placeholders(english[key as keyof typeof english]),
        )
      }
    },
  )

  it('has no empty English text', () => {
    for (const [key, text] of Object.entries(english)) expect(text.trim(), key).not.toBe('')
  })
})

describe('preferredLanguage (Accept-Language)', () => {
  it('answers the best of en, de and fr by weight, then order; null when none is named', () => {
    expect(preferredLanguage('de-CH,de;q=0.9,en;q=0.8')).toBe('de')
    expect(preferredLanguage('es-ES, fr-CH;q=0.8, en;q=0.5')).toBe('fr')
    expect(preferredLanguage('en;q=0.4, fr;q=0.7')).toBe('fr')
    expect(preferredLanguage('fr;q=0, de;q=0.1')).toBe('de')
    expect(preferredLanguage('es, it')).toBeNull()
    expect(preferredLanguage(undefined)).toBeNull()
    expect(preferredLanguage('*')).toBeNull()
  })
})

describe('a template in a language', () => {
  const url = 'https://app.test/auth/magic?token=abc'
  it('writes the sign-in link in German and French, English without a language', () => {
    expect(magicLink({ url, expiresInMinutes: 10, language: 'de' })).toMatchObject({
      subject: 'Ihr Anmeldelink',
      text: expect.stringContaining('läuft in 10 Minuten ab'),
      html: expect.stringContaining('<html lang="de">'),
    })
    expect(magicLink({ url, expiresInMinutes: 1, language: 'fr' }).text).toContain('expire dans 1 minute.')
    expect(magicLink({ url, expiresInMinutes: 10 }).subject).toBe('Your sign-in link')
  })

  it('says a claim news in the reader’s language, the outcome too; a stored English headline stays as it was', () => {
    const data = {
      headline: 'Your claim was resolved: replaced. The new serial number is SN-2.',
      news: { key: 'resolved', outcome: 'REPLACED', serial: 'SN-2' },
      subjectName: 'Kettle',
      url: 'https://app.test/claims/1',
    }
    const german = renderMail('claim.notice', { ...data, language: 'de' })
    expect(german.subject).toBe(
      'Reklamation für Kettle: Ihre Reklamation ist erledigt: ersetzt. Die neue Seriennummer ist SN-2.',
    )
    expect(renderMail('claim.notice', data).subject).toBe(`Claim for Kettle: ${data.headline}`)
    const { news: _news, ...older } = data
    expect(renderMail('claim.notice', { ...older, language: 'fr' }).subject).toBe(
      `Réclamation pour Kettle : ${data.headline}`,
    )
  })

  it('writes the date of a reminder in the language', () => {
    const reminder = renderMail('warranty.reminder', {
      merchantName: 'Acme',
      productName: 'Kettle',
      expiresAt: '2027-03-14T10:00:00Z',
      warrantyUrl: 'https://app.test/wallet/1',
      language: 'de',
    })
    expect(reminder.subject).toBe('Ihre Garantie für Kettle endet am 2027-03-14 (14. März 2027)')
  })
})

describe('customer e-mails through the service', () => {
  let sink: SmtpSink
  let svc: TestService
  beforeAll(async () => {
    sink = await startSmtpSink()
    svc = await createTestService({ env: { SMTP_URL: sink.url } })
  })
  afterAll(async () => {
    await svc?.close()
    await sink?.close()
  })

  /** Delivers what is queued and answers the newest message to `to`. */
  async function lastMailTo(to: string): Promise<SinkMessage> {
    await svc.services.mailOutbox.dispatch()
    const found = sink.messages.filter((m) => m.envelope.to.includes(to)).at(-1)
    if (!found) throw new Error(`no e-mail to ${to}`)
    return found
  }

  async function customerWithLanguage(language: 'de' | 'fr' | null) {
    const { owner } = await createMerchantWithUsers(svc.deps, 'Nordlicht')
    const email = uniqueEmail('lang')
    const first = await issueWarranty(svc, owner, { customerEmail: email })
    const [claimId] = await claimIdsOf(svc.deps.db, first.id)
    const session = await claimThrough(svc, claimId!)
    const res = await svc.request({
      method: 'PATCH',
      url: '/v1/customer/me',
      payload: { language },
      token: session.token,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().language).toBe(language)
    return { owner, email }
  }

  const requestAccess = (email: string, headers: Record<string, string> = {}) =>
    svc.request({
      method: 'POST',
      url: '/v1/customer/auth/request-access',
      payload: { email },
      headers,
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    })

  it('sends a customer whose profile says de the sign-in link and a new warranty in German', async () => {
    const { owner, email } = await customerWithLanguage('de')
    expect((await requestAccess(email, { 'accept-language': 'fr-FR,fr;q=0.9' })).statusCode).toBe(200)
    const signIn = await lastMailTo(email)
    expect(signIn.subject).toBe('Ihr Anmeldelink')
    expect(signIn.text).toContain('Hallo,')
    expect(signIn.html).toContain('Mit diesem Link melden Sie sich bei Ihrer Garantie-Wallet an.')
    expect(signIn.html).toContain('<html lang="de">')

    await issueWarranty(svc, owner, { customerEmail: email })
    const notice = await lastMailTo(email)
    expect(notice.subject).toBe('Ihre Garantie von Nordlicht')
    expect(notice.text).toContain('Seriennummer:')
    expect(notice.text).toContain('Gültig bis:')
    expect(notice.html).toContain('Garantie übernehmen')
  })

  it('writes in English to a customer who chose none, and to one who switched back to the browser’s', async () => {
    const { email } = await customerWithLanguage(null)
    await requestAccess(email)
    expect((await lastMailTo(email)).subject).toBe('Your sign-in link')
  })

  it('writes a sign-in link to an address without a language in the request’s Accept-Language', async () => {
    const email = uniqueEmail('unknown')
    await requestAccess(email, { 'accept-language': 'es-ES, fr-CH;q=0.8, en;q=0.5' })
    const mail = await lastMailTo(email)
    expect(mail.subject).toBe('Votre lien de connexion')
    expect(mail.text).toContain('Bonjour,')
  })
})
