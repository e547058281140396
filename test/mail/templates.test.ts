import { simpleParser } from 'mailparser'
import MailComposer from 'nodemailer/lib/mail-composer/index.js'
import { describe, expect, it } from 'vitest'
import {
  escapeHtml,
  type MailTemplateData,
  type MailTemplateName,
  magicLink,
  mailTemplates,
  type RenderedMail,
  receiptShare,
  renderMail,
  senderVerification,
  staffInvitation,
  staffPasswordReset,
  warrantyNotification,
} from '../../src/modules/mail/templates/index.js'

const HOSTILE = `<script>alert(1)</script> O'Brien "Best" & Co`
const EXPIRES = new Date('2027-03-14T10:00:00Z')

// Links with what breaks naive handling: & in the query, = and %-escapes, a fragment.
const links = {
  claim: 'https://app.test/claim?claimId=Zx_9-aB.c~d&utm_source=mail&x=%2F%3D',
  magic: 'https://app.test/auth/magic?token=k3y.with-=chars&next=%2Fwallet',
  verify: 'https://api.test/v1/global/sender-verify/s3cr3t-T0k_en',
  share: 'https://api.test/v1/global/receipt-share/sh4re?lang=en&dark=1',
  invitation: 'https://app.test/login/invitation?token=inv1te_T0k-en&x=%2F',
  reset: 'https://app.test/login/reset?token=r3set_T0k-en&x=%2F',
}

const examples: { [K in MailTemplateName]: { data: MailTemplateData[K]; link: string } } = {
  'warranty.notification': {
    data: {
      merchantName: 'Acme Appliances',
      productName: 'Kettle 3000',
      serialNumber: 'SN-0042',
      warrantyCode: 'WR-7Q2K-9XMD-P4TB',
      expiresAt: EXPIRES,
      claimUrl: links.claim,
      customerName: 'Jane',
    },
    link: links.claim,
  },
  'sender.verification': {
    data: { merchantName: 'Acme Appliances', email: 'shop@acme.test', verifyUrl: links.verify },
    link: links.verify,
  },
  'customer.magic-link': { data: { url: links.magic, expiresInMinutes: 10 }, link: links.magic },
  'receipt.share': { data: { url: links.share, expiresAt: EXPIRES, message: null }, link: links.share },
  'warranty.reminder': {
    data: {
      merchantName: 'Acme Appliances',
      productName: 'Kettle 3000',
      expiresAt: EXPIRES,
      warrantyUrl: 'https://app.test/warranties/5f0c1a2e-9b1d-4c3e-8f00-0123456789ab',
    },
    link: 'https://app.test/warranties/5f0c1a2e-9b1d-4c3e-8f00-0123456789ab',
  },
  'claim.notice': {
    data: {
      headline: 'Your claim was denied.',
      detail: HOSTILE,
      subjectName: 'Kettle 3000',
      url: 'https://app.test/claims/5f0c1a2e-9b1d-4c3e-8f00-0123456789ab?x=1&y=%2F',
    },
    link: 'https://app.test/claims/5f0c1a2e-9b1d-4c3e-8f00-0123456789ab?x=1&y=%2F',
  },
  'registration.notice': {
    data: {
      headline: 'Your registration was refused.',
      detail: HOSTILE,
      productName: 'Kettle 3000',
      url: 'https://app.test/register?registration=5f0c1a2e-9b1d-4c3e-8f00-0123456789ab',
    },
    link: 'https://app.test/register?registration=5f0c1a2e-9b1d-4c3e-8f00-0123456789ab',
  },
  'staff.invitation': {
    data: {
      url: links.invitation,
      inviterName: HOSTILE,
      roleDescription: 'an owner of Acme Appliances',
      expiresAt: EXPIRES,
    },
    link: links.invitation,
  },
  'staff.password-reset': { data: { url: links.reset, expiresInMinutes: 30 }, link: links.reset },
}
const names = Object.keys(examples) as MailTemplateName[]

/** Sends a rendered e-mail through nodemailer's composer and back through mailparser. */
async function roundTrip(rendered: RenderedMail) {
  const source = await new MailComposer({
    from: 'no-reply@warranty.test',
    to: 'jane@example.com',
    ...rendered,
  })
    .compile()
    .build()
  return simpleParser(source)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(body.slice(2), 16))
    if (body.startsWith('#')) return String.fromCodePoint(Number(body.slice(1)))
    return ENTITIES[body.toLowerCase()] ?? whole
  })
}
/** The text with its wrapping undone, to look for phrases. */
const flat = (text: string) => text.replace(/\s+/g, ' ')

function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) => decodeEntities(m[1] ?? ''))
}

describe('mail templates', () => {
  describe.each(names)('%s', (name) => {
    const { data, link } = examples[name]

    it('has a subject, a plain-text part and an HTML part', () => {
      const mail = renderMail(name, data)
      expect(mail.subject.length).toBeGreaterThan(5)
      expect(mail.subject).not.toMatch(/[\r\n]/)
      expect(mail.text.length).toBeGreaterThan(50)
      expect(mail.html).toMatch(/^<!doctype html>/)
      expect(mail.html).not.toMatch(/<(script|img|style|iframe)\b/i)
    })

    it('puts the link in the text part exactly as given, on a line of its own', () => {
      expect(renderMail(name, data).text.split('\n')).toContain(link)
    })

    it('wraps the text part at 76 columns but never breaks a link', async () => {
      const long = `${link}${link.includes('?') ? '&' : '?'}pad=${'x'.repeat(120)}`
      const field = Object.entries(data).find(([, v]) => v === link)?.[0] ?? 'url'
      const mail = renderMail(name, { ...data, [field]: long })
      const lines = mail.text.split('\n')
      expect(lines).toContain(long)
      expect(lines.filter((l) => l !== long && l.length > 76)).toEqual([])
      // Short ASCII lines: sent as 7bit, so the link reads as it is in the raw message.
      const raw = (
        await new MailComposer({ from: 'a@b.test', to: 'c@d.test', text: renderMail(name, data).text })
          .compile()
          .build()
      ).toString()
      expect(raw).toContain('Content-Transfer-Encoding: 7bit')
      expect(raw).toContain(link)
    })

    it('puts the link in every href of the HTML part, escaped as an attribute', () => {
      const { html } = renderMail(name, data)
      expect(html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)
      expect(hrefs(html).length).toBeGreaterThan(0)
      expect(new Set(hrefs(html))).toEqual(new Set([link]))
    })

    it('keeps the link intact through MIME encoding and mailparser, in both parts', async () => {
      const parsed = await roundTrip(renderMail(name, data))
      expect(parsed.text?.split('\n')).toContain(link)
      expect(parsed.html).not.toBe(false)
      expect(new Set(hrefs(parsed.html || ''))).toEqual(new Set([link]))
    })

    it('refuses a link that is not http(s)', () => {
      const field = Object.entries(data).find(([, v]) => v === link)?.[0] ?? 'url'
      expect(() => renderMail(name, { ...data, [field]: 'javascript:alert(1)' })).toThrow(/http/)
    })
  })

  describe('warranty.notification', () => {
    const base = examples['warranty.notification'].data

    it('names the merchant and the product in the subject and both parts', async () => {
      const mail = warrantyNotification(base)
      expect(mail.subject).toBe('Your warranty from Acme Appliances')
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Acme Appliances')
        expect(part).toContain('Kettle 3000')
        expect(part).toContain('SN-0042')
        expect(part).toContain('WR-7Q2K-9XMD-P4TB')
        expect(part).toContain('2027-03-14 (14 March 2027)')
        expect(part).toContain('Hello Jane,')
      }
      const parsed = await roundTrip(mail)
      expect(parsed.text).toContain('Product: Kettle 3000')
      expect(parsed.text).toContain('Warranty code: WR-7Q2K-9XMD-P4TB')
      expect(parsed.text).toContain('Valid until: 2027-03-14 (14 March 2027)')
    })

    it('leaves out the product line when there is no product, and greets without a name', () => {
      const mail = warrantyNotification({ ...base, productName: null, customerName: null })
      expect(mail.text).not.toContain('Product:')
      expect(mail.html).not.toContain('>Product<')
      expect(mail.text).toContain('Hello,')
      expect(flat(mail.text)).toContain('a warranty for your purchase')
    })

    it('dates in UTC, whatever the time of day', () => {
      const late = warrantyNotification({ ...base, expiresAt: new Date('2027-03-14T23:59:59Z') })
      expect(late.text).toContain('2027-03-14 (14 March 2027)')
    })

    it('makes hostile names inert in HTML and keeps them readable in text', async () => {
      const mail = warrantyNotification({
        ...base,
        merchantName: HOSTILE,
        productName: '<img src=x onerror=alert(1)>',
        customerName: '"><script>alert(2)</script>',
      })
      expect(mail.html).not.toMatch(/<script|<img|onerror=alert\(1\)>/i)
      expect(mail.html).toContain(escapeHtml(HOSTILE))
      expect(mail.html).toContain(
        '&lt;script&gt;alert(1)&lt;/script&gt; O&#39;Brien &quot;Best&quot; &amp; Co',
      )
      expect(mail.text).toContain(HOSTILE)
      expect(mail.subject).toBe(`Your warranty from ${HOSTILE}`)
      const parsed = await roundTrip(mail)
      expect(parsed.subject).toBe(`Your warranty from ${HOSTILE}`)
      expect(parsed.html).not.toMatch(/<script/i)
    })

    it('folds line breaks of a merchant name out of the subject', () => {
      expect(warrantyNotification({ ...base, merchantName: 'Acme\r\nBcc: x@evil.test' }).subject).toBe(
        'Your warranty from Acme Bcc: x@evil.test',
      )
    })
  })

  describe('sender.verification', () => {
    it('names the merchant and the address, escaped in HTML', () => {
      const mail = senderVerification({
        merchantName: HOSTILE,
        email: 'shop@acme.test',
        verifyUrl: links.verify,
      })
      expect(mail.subject).toBe(`Confirm shop@acme.test as a sender address for ${HOSTILE}`)
      expect(flat(mail.text)).toContain(`${HOSTILE} wants to use shop@acme.test`)
      expect(mail.html).toContain(escapeHtml(HOSTILE))
      expect(mail.html).not.toContain('<script>')
    })
  })

  describe('customer.magic-link', () => {
    it('says how long the link lives', () => {
      expect(flat(magicLink({ url: links.magic, expiresInMinutes: 10 }).text)).toContain(
        'expires in 10 minutes',
      )
      expect(flat(magicLink({ url: links.magic, expiresInMinutes: 1 }).text)).toContain(
        'expires in 1 minute.',
      )
    })
  })

  describe('staff.invitation', () => {
    it('names who invited and as what, says until when the link works; names escaped in HTML', async () => {
      const mail = staffInvitation(examples['staff.invitation'].data)
      expect(mail.subject).toBe(`${HOSTILE} invited you to the warranty console`)
      expect(flat(mail.text)).toContain('as an owner of Acme Appliances.')
      expect(flat(mail.text)).toContain('It works once, until 2027-03-14 (14 March 2027).')
      expect(mail.html).toContain(escapeHtml(HOSTILE))
      expect(mail.html).not.toContain('<script>')
      expect(mail.html).toContain('Accept the invitation')
      expect((await roundTrip(mail)).subject).toBe(mail.subject)
    })
  })

  describe('staff.password-reset', () => {
    it('says how long the link lives, that other devices are signed out, and what to do if it was not you', () => {
      const mail = staffPasswordReset({ url: links.reset, expiresInMinutes: 30 })
      expect(mail.subject).toBe('Reset your console password')
      const text = flat(mail.text)
      expect(text).toContain('it works once, for 30 minutes')
      expect(text).toContain('Every device signed in to your account is signed out.')
      expect(text).toContain('If it was not you, ignore this e-mail')
      expect(hrefs(mail.html)).toContain(links.reset)
    })
  })

  describe('receipt.share', () => {
    it('shows the expiry and an optional note, escaped, and nothing about the owner', () => {
      const plain = receiptShare({ url: links.share, expiresAt: EXPIRES })
      expect(flat(plain.text)).toContain('until 2027-03-14 (14 March 2027)')
      expect(plain.text).not.toContain('note')

      const noted = receiptShare({
        url: links.share,
        expiresAt: EXPIRES,
        message: `For the refund\n${HOSTILE}`,
      })
      expect(noted.text).toContain(`For the refund\n${HOSTILE}`)
      expect(noted.html).toContain(`For the refund<br>\n${escapeHtml(HOSTILE)}`)
      expect(noted.html).not.toContain('<script>')
    })
  })
})

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    )
  })
})

describe('renderMail', () => {
  it('renders data read back from JSON (dates as ISO strings)', () => {
    const stored = JSON.parse(JSON.stringify(examples['warranty.notification'].data)) as unknown
    expect(renderMail('warranty.notification', stored)).toEqual(
      warrantyNotification(examples['warranty.notification'].data),
    )
    const share = JSON.parse(JSON.stringify(examples['receipt.share'].data)) as unknown
    expect(renderMail('receipt.share', share).text).toContain('2027-03-14')
  })

  it('refuses an unknown template by name', () => {
    expect(() => renderMail('warranty.unknown', {})).toThrow('unknown mail template "warranty.unknown"')
    expect(() => renderMail('toString', {})).toThrow('unknown mail template')
  })

  it.each([
    ['warranty.notification', 'claimUrl'],
    ['warranty.notification', 'merchantName'],
    ['warranty.notification', 'expiresAt'],
    ['sender.verification', 'verifyUrl'],
    ['customer.magic-link', 'expiresInMinutes'],
    ['receipt.share', 'url'],
  ] as const)('%s without %s names the missing field', (name, field) => {
    const data: Record<string, unknown> = { ...examples[name].data }
    delete data[field]
    expect(() => renderMail(name, data)).toThrow(`mail template "${name}": field "${field}" is missing`)
  })

  it('names a field of the wrong type', () => {
    const data = { ...examples['warranty.notification'].data, expiresAt: 'next year' }
    expect(() => renderMail('warranty.notification', data)).toThrow('field "expiresAt" must be a date')
    expect(() => renderMail('customer.magic-link', { url: links.magic, expiresInMinutes: '10' })).toThrow(
      'field "expiresInMinutes" must be a positive integer',
    )
    expect(() => renderMail('sender.verification', null)).toThrow('data must be an object')
  })

  it('treats a missing optional field as null', () => {
    const { productName: _p, customerName: _c, ...rest } = examples['warranty.notification'].data
    expect(renderMail('warranty.notification', rest).text).toContain('Hello,')
  })

  it('lists exactly the stable template names', () => {
    expect(Object.keys(mailTemplates).sort()).toEqual([
      'claim.notice',
      'customer.magic-link',
      'receipt.share',
      'registration.notice',
      'sender.verification',
      'staff.invitation',
      'staff.password-reset',
      'warranty.notification',
      'warranty.reminder',
    ])
  })
})
