import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ERROR_STATUS, type ErrorCode } from '../../src/errors.js'
import { catalogueLoaders, LANGUAGES, type Language, setProfileLanguage } from '../../web/src/lib/i18n.js'
import { en } from '../../web/src/lib/messages/en.js'
import {
  describeProblem,
  FIELD_WORDS,
  fieldOfPath,
  PROBLEM_MESSAGES,
  type Problem,
} from '../../web/src/lib/problems.js'

// An API error in the customer's words (docs/web-app.md#languages): each error code the
// customer app can meet has a catalogue message in English, German and French; the API's own
// (English) text is shown only for a code the app does not know.

/** Codes describeProblem words itself (a wait, the fields of a validation error). */
const WORDED_APART: ErrorCode[] = ['too_many_requests', 'unavailable', 'validation_error']
/** Codes only staff meet: the console reads its problems itself (web/src/console/problems.ts). */
const STAFF_ONLY: ErrorCode[] = [
  'invalid_credentials',
  'merchant_suspended',
  'provider_suspended',
  'last_owner',
  'last_admin',
  'self_offboarding',
  'idempotency_key_reused',
]

const API_TEXT = 'The API says this in English'
const problem = (error: string, extra: Partial<Problem> = {}): Problem => ({
  status: 400,
  error,
  message: API_TEXT,
  retryAfterSeconds: null,
  details: [],
  ...extra,
})

// The language is the profile's, kept in sessionStorage (a small stand-in here).
const stored = new Map<string, string>()
beforeAll(() => {
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  })
})
afterAll(async () => {
  await setProfileLanguage(null)
  vi.unstubAllGlobals()
})

describe('the error codes of the API', () => {
  it('are each worded by the customer app, or known to be staff-only', () => {
    const codes = Object.keys(ERROR_STATUS) as ErrorCode[]
    const unclassified = codes.filter(
      (code) =>
        !Object.hasOwn(PROBLEM_MESSAGES, code) && !WORDED_APART.includes(code) && !STAFF_ONLY.includes(code),
    )
    expect(unclassified).toEqual([])
    for (const code of Object.keys(PROBLEM_MESSAGES)) expect(codes).toContain(code)
  })
})

describe.each(LANGUAGES)('describeProblem in %s', (lang: Language) => {
  beforeAll(() => setProfileLanguage(lang))

  it('gives each known code its catalogue message, not the API text', async () => {
    const catalogue = await catalogueLoaders[lang]()
    for (const [code, key] of Object.entries(PROBLEM_MESSAGES)) {
      const words = describeProblem(problem(code))
      expect(words, code).toBe(catalogue[key])
      expect(words, code).not.toContain(API_TEXT)
      if (lang !== 'en') expect(words, `${code} translated`).not.toBe(en[key])
    }
  })

  it('words a wait and the offline state', async () => {
    const catalogue = await catalogueLoaders[lang]()
    expect(describeProblem(problem('offline'))).toBe(catalogue['problem.offline'])
    const busy = describeProblem(problem('too_many_requests', { status: 429, retryAfterSeconds: 120 }))
    expect(busy).toBe(
      catalogue['problem.tooMany'].replace('{wait}', catalogue['wait.minutes'].replace('{count}', '2')),
    )
  })

  it('words a validation error by the fields it names, never with the API text', async () => {
    const catalogue = await catalogueLoaders[lang]()
    const quoted = (key: keyof typeof catalogue) =>
      catalogue['problem.fieldQuoted'].replace('{field}', catalogue[key])
    const check = (fields: string) => catalogue['problem.checkFields'].replace('{fields}', fields)
    const invalid = (...paths: string[]) =>
      describeProblem(
        problem('validation_error', { details: paths.map((path) => ({ path, message: API_TEXT })) }),
      )

    expect(invalid('/body/serialNumber')).toBe(check(quoted('field.serialNumber')))
    // Two fields, in their order, each once, joined as the language joins a list.
    const two = invalid('/body/purchaseDate', '/body/gtin', '/body/purchaseDate')
    const joined = new Intl.ListFormat(lang, { type: 'conjunction' }).format([
      quoted('field.purchaseDate'),
      quoted('field.gtin'),
    ])
    expect(two).toBe(check(joined))
    // A nested path names the form's field: a receipt line's name is the items, not a folder.
    expect(invalid('/body/items/0/name')).toBe(check(quoted('field.items')))
    expect(invalid('/body/ocrData/total')).toBe(check(quoted('field.total')))
    expect(invalid('/querystring/serialNumber')).toBe(check(quoted('field.serialNumber')))
    // Nothing the customer filled in (a path parameter, no details): the sentence without fields.
    expect(invalid('/params/id')).toBe(catalogue['problem.validation'])
    expect(describeProblem(problem('validation_error'))).toBe(catalogue['problem.validation'])
    for (const words of [two, invalid('/params/id')]) expect(words).not.toContain(API_TEXT)
    if (lang !== 'en') expect(catalogue['problem.validation']).not.toBe(en['problem.validation'])
  })

  it('has a word for every field a validation error can name', async () => {
    const catalogue = await catalogueLoaders[lang]()
    for (const [field, key] of Object.entries(FIELD_WORDS)) {
      expect(catalogue[key], field).toMatch(/\S/)
      expect(fieldOfPath(`/body/${field}`)).toBe(field)
    }
  })

  it('shows the API text for a code it does not know', () => {
    expect(describeProblem(problem('a_code_added_later'))).toBe(API_TEXT)
  })
})
