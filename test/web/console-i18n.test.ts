import { afterAll, describe, expect, it, vi } from 'vitest'
import { gtinProblem, mintBadge, staffStatus } from '../../web/src/console/format.js'
import { cplural, ct, loadConsoleWords } from '../../web/src/console/i18n.js'
import { readSerials } from '../../web/src/console/labels.js'
import { adminDe } from '../../web/src/console/messages/admin.de.js'
import { adminEn } from '../../web/src/console/messages/admin.en.js'
import { adminFr } from '../../web/src/console/messages/admin.fr.js'
import { consoleDe } from '../../web/src/console/messages/de.js'
import { consoleEn } from '../../web/src/console/messages/en.js'
import { consoleFr } from '../../web/src/console/messages/fr.js'
import { shellDe } from '../../web/src/console/messages/shell.de.js'
import { shellEn } from '../../web/src/console/messages/shell.en.js'
import { shellFr } from '../../web/src/console/messages/shell.fr.js'
import { formMessage } from '../../web/src/console/problems.js'
import { applyLanguage } from '../../web/src/lib/i18n.js'

// The staff console's catalogue (docs/console.md#languages): German and French have every English
// key of both parts (the shell's and the admin's), none empty, each with the English text's
// placeholders; plural texts come as `.one` and `.other`.

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const english: Readonly<Record<string, string>> = consoleEn

describe('the console catalogue', () => {
  it.each([
    ['de', consoleDe],
    ['fr', consoleFr],
  ] as const)('%s has every key of English, none empty, with its placeholders', (lang, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(consoleEn).sort())
    for (const [key, text] of Object.entries(catalogue)) {
      expect(text.trim(), `${lang} ${key}`).not.toBe('')
      expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(english[key] ?? ''))
    }
  })

  it('has no empty English text, and every plural text has both a one and an other form', () => {
    const keys = Object.keys(consoleEn)
    for (const [key, text] of Object.entries(consoleEn)) expect(text.trim(), key).not.toBe('')
    for (const key of keys.filter((k) => k.endsWith('.one')))
      expect(keys, key).toContain(key.replace(/\.one$/, '.other'))
    for (const key of keys.filter((k) => k.endsWith('.other')))
      expect(keys, key).toContain(key.replace(/\.other$/, '.one'))
  })

  it('is the two parts together: a key both parts hold says the same in every language', () => {
    const parts = [
      [shellEn, adminEn],
      [shellDe, adminDe],
      [shellFr, adminFr],
    ] as const
    for (const [shell, admin] of parts) {
      const a: Readonly<Record<string, string>> = admin
      for (const [key, text] of Object.entries(shell)) if (key in a) expect(a[key], key).toBe(text)
    }
  })
})

describe('the console speaks the chosen language', () => {
  async function speak(tags: string[]) {
    vi.stubGlobal('navigator', { languages: tags, language: tags[0] })
    await applyLanguage()
    await loadConsoleWords()
  }
  afterAll(async () => {
    vi.unstubAllGlobals()
    vi.stubGlobal('navigator', { languages: ['en-GB'], language: 'en-GB' })
    await applyLanguage()
    vi.unstubAllGlobals()
  })

  it('in English, the texts the console has always shown', async () => {
    await speak(['en-GB'])
    expect(ct('issue.priceIn', { currency: 'EUR' })).toBe('Price paid (EUR)')
    expect(cplural('labels.count', 1)).toBe('1 serial number')
    expect(cplural('labels.count', 3)).toBe('3 serial numbers')
    expect(cplural('labels.ready', 1)).toBe('The label sheet is ready')
    expect(cplural('labels.ready', 2)).toBe('2 label sheets are ready')
    expect(mintBadge('FAILED')).toEqual({ text: 'Mint failed', tone: 'bad' })
  })

  it('in German and French: the plain helpers too (form messages, serial lines, GTIN, states)', async () => {
    await speak(['de-DE', 'en'])
    expect(ct('console.nav.warranties')).toBe('Garantien')
    expect(cplural('labels.count', 1)).toBe('1 Seriennummer')
    expect(cplural('labels.count', 2)).toBe('2 Seriennummern')
    expect(cplural('labels.sheet', 3, { sheet: 2 })).toBe('Bogen 2 (3 Etiketten):')
    expect(formMessage({ status: 400, error: 'validation_error', message: 'x', fields: { a: 'y' } })).toBe(
      'Bitte korrigieren Sie das markierte Feld.',
    )
    // A validation error naming no field: the console's words, not the API's English.
    expect(
      formMessage({
        status: 400,
        error: 'validation_error',
        message: 'The request is not valid',
        fields: {},
      }),
    ).toBe('Bitte prüfen Sie Ihre Eingabe.')
    expect(readSerials('SN-1\nSN-1').problems[0]?.message).toBe('wiederholt Zeile 1')
    expect(gtinProblem('4006381333932')).toMatch(/^Keine GTIN/)
    expect(mintBadge('MINTED').text).toBe('Erfasst')
    expect(staffStatus({ status: 'SUSPENDED' })).toBe('Gesperrt')

    await speak(['fr-FR'])
    expect(ct('console.nav.warranties')).toBe('Garanties')
    expect(cplural('labels.toCorrect', 1)).toBe('1 ligne à corriger')
    expect(cplural('labels.toCorrect', 4)).toBe('4 lignes à corriger')
    expect(readSerials('x'.repeat(21)).problems[0]?.message).toMatch(/^plus de 20 caractères/)
  })
})
