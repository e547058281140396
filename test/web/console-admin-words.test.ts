import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { changeLines, fieldName, kindName, targetView } from '../../web/src/console/audit-view.js'
import { cplural, ct, loadConsoleWords } from '../../web/src/console/i18n.js'
import { adminDe } from '../../web/src/console/messages/admin.de.js'
import { adminEn } from '../../web/src/console/messages/admin.en.js'
import { adminFr } from '../../web/src/console/messages/admin.fr.js'
import { shellEn } from '../../web/src/console/messages/shell.en.js'
import { applyLanguage, language } from '../../web/src/lib/i18n.js'

// The console's admin part (docs/console.md): the admin's pages, staff, claims, coverage,
// registrations, providers and sender addresses in English, German and French. Every key in
// every language, none empty, each with the English text's placeholders; the audit log worded
// in the console's language.

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const englishKeys = Object.keys(adminEn).sort()

describe('the admin words', () => {
  it.each([
    ['de', adminDe],
    ['fr', adminFr],
  ] as const)('%s has every English key, none empty, with the same placeholders', (lang, words) => {
    expect(Object.keys(words).sort()).toEqual(englishKeys)
    for (const [key, text] of Object.entries(words)) {
      expect(text.trim(), `${lang} ${key}`).not.toBe('')
      expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(adminEn[key as keyof typeof adminEn]))
    }
  })

  it('has no empty English text; plural keys have a one and an other form, with {count}', () => {
    for (const [key, text] of Object.entries(adminEn)) expect(text.trim(), key).not.toBe('')
    const plurals = englishKeys.filter((k) => /\.(one|other)$/.test(k))
    expect(plurals.length).toBeGreaterThan(0)
    for (const key of plurals) {
      const base = key.replace(/\.(one|other)$/, '')
      expect(englishKeys, key).toContain(`${base}.one`)
      expect(englishKeys, key).toContain(`${base}.other`)
      expect(adminEn[key as keyof typeof adminEn], key).toContain('{count}')
    }
  })

  it('keeps to the part’s prefixes and shares no key with the shell’s part', () => {
    const prefixes =
      /^(admin|staff|team|claims|claim|coverage|registrations|registration|providers|senders|audit|catalogue|merchants|merchant)\./
    for (const key of englishKeys) expect(key).toMatch(prefixes)
    // en.ts spreads both parts into one object: a key in both would silently take this part's text.
    expect(englishKeys.filter((key) => Object.hasOwn(shellEn, key))).toEqual([])
  })
})

describe('the console in German', () => {
  beforeAll(async () => {
    vi.stubGlobal('navigator', { languages: ['de-DE', 'en'], language: 'de-DE' })
    await applyLanguage()
    await loadConsoleWords()
  })
  afterAll(async () => {
    vi.stubGlobal('navigator', { languages: ['en-GB'], language: 'en-GB' })
    await applyLanguage()
    vi.unstubAllGlobals()
  })

  it('speaks German: words, filled placeholders and plural forms', () => {
    expect(language()).toBe('de')
    expect(ct('merchants.title')).toBe('Händler')
    expect(ct('staff.done.suspend', { email: 'a@b.example' })).toBe(
      'a@b.example ist gesperrt und abgemeldet.',
    )
    expect(cplural('claims.days', 1)).toBe('1 Tag')
    expect(cplural('claims.days', 3)).toBe('3 Tage')
  })

  it('words an audit entry’s creation and update in German', () => {
    const after = {
      id: '8d0f3c55-4b1a-4c3e-9a5f-0c2b7d1e6a11',
      name: 'Harbour Audio',
      taxId: null,
      contactEmail: 'hello@harbour.example.com',
      status: 'ACTIVE',
      createdAt: '2026-01-01T00:00:00.000Z',
    }
    expect(changeLines(null, after)).toEqual([
      { field: 'Name', after: 'Harbour Audio' },
      { field: 'Kontakt-E-Mail', after: 'hello@harbour.example.com' },
      { field: 'Status', after: 'ACTIVE' },
    ])
    expect(changeLines({ ...after, currency: 'EUR' }, { ...after, currency: 'CHF' })).toEqual([
      { field: 'Währung', before: 'EUR', after: 'CHF' },
    ])
    expect(changeLines('alt', 'neu')).toEqual([{ field: 'Wert', before: 'alt', after: 'neu' }])
    expect(targetView('merchant', after.id, null, after).kind).toBe('Händler')
    expect(kindName('global_product')).toBe('Katalogprodukt')
    // A field the catalogue does not know is named from its key, as in English.
    expect(fieldName('autoApproveWithinDays')).toBe('Auto approve within days')
  })
})
