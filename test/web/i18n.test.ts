import { describe, expect, it } from 'vitest'
import { browserLanguage, catalogueLoaders, LANGUAGES, pieces, t } from '../../web/src/lib/i18n.js'
import { en } from '../../web/src/lib/messages/en.js'

// The customer app's one message catalogue (docs/web-app.md#languages): German and French have
// every English key, none empty, each with the English text's placeholders.

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('the web catalogues', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every key of English, none empty, with its placeholders',
    async (lang) => {
      const catalogue = await catalogueLoaders[lang]()
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort())
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim(), `${lang} ${key}`).not.toBe('')
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(en[key as keyof typeof en]))
      }
    },
  )

  it('has no empty English text, and plural keys have both a one and an other form', () => {
    const keys = Object.keys(en)
    for (const [key, text] of Object.entries(en)) expect(text.trim(), key).not.toBe('')
    for (const key of keys.filter((k) => k.endsWith('.one')))
      expect(keys).toContain(key.replace(/\.one$/, '.other'))
  })
})

describe('choosing the language', () => {
  it('takes the first of the browser’s languages the app speaks, else English', () => {
    expect(browserLanguage(['de-DE', 'en-US'])).toBe('de')
    expect(browserLanguage(['es-ES', 'fr-CA', 'de'])).toBe('fr')
    expect(browserLanguage(['es-ES', 'it'])).toBe('en')
    expect(browserLanguage([])).toBe('en')
  })
})

describe('t and pieces', () => {
  it('fill placeholders, and cut a text at them', () => {
    expect(t('wallet.until', { date: '2 Mar 2026' })).toBe('until 2 Mar 2026')
    expect(pieces('magic.as')).toEqual([{ text: 'Sign in as ' }, { param: 'email' }, { text: '.' }])
  })
})
