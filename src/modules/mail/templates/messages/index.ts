import { de } from './de.js'
import { en, type MailKey, type MailMessages } from './en.js'
import { fr } from './fr.js'

// One catalogue per language for the customer e-mails (docs/web-app.md#languages): a template
// asks `words(language)` for its texts. Staff e-mails (invitation, password reset, sender
// verification) are English only.

export type { MailKey, MailMessages } from './en.js'

/** The languages a customer e-mail is written in; the profile's `language`, English by default. */
export const MAIL_LANGUAGES = ['en', 'de', 'fr'] as const
export type MailLanguage = (typeof MAIL_LANGUAGES)[number]

export const mailCatalogues: { readonly [L in MailLanguage]: MailMessages } = { en, de, fr }

const LOCALES: { readonly [L in MailLanguage]: string } = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR' }

export function isMailLanguage(value: unknown): value is MailLanguage {
  return typeof value === 'string' && (MAIL_LANGUAGES as readonly string[]).includes(value)
}

/** Keys with plural forms, without their `.one` / `.other` ending. */
type PluralKey = MailKey extends infer K ? (K extends `${infer Base}.other` ? Base : never) : never

export interface Words {
  language: MailLanguage
  /** The text of `key` with its `{name}` placeholders filled in. */
  t(key: MailKey, params?: Readonly<Record<string, string | number>>): string
  /** The plural form of `key` for `count` (`{count}` filled in with the rest). */
  plural(key: PluralKey, count: number, params?: Readonly<Record<string, string | number>>): string
  /** `14 March 2026`, `14. März 2026`, `14 mars 2026`, in UTC. */
  date(date: Date): string
}

// Made once per language: building an Intl formatter costs about 0.2 ms, more than a message's rendering.
const made = new Map<MailLanguage, Words>()

/** The words of one language (English for anything else). */
export function words(language: MailLanguage | null | undefined): Words {
  const lang = isMailLanguage(language) ? language : 'en'
  let found = made.get(lang)
  if (!found) {
    found = make(lang)
    made.set(lang, found)
  }
  return found
}

function fill(text: string, params: Readonly<Record<string, string | number>> | undefined): string {
  if (!params) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  )
}

function make(language: MailLanguage): Words {
  const catalogue = mailCatalogues[language]
  const locale = LOCALES[language]
  const rules = new Intl.PluralRules(locale)
  const long = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })
  const t = (key: MailKey, params?: Readonly<Record<string, string | number>>) => fill(catalogue[key], params)
  return {
    language,
    t,
    plural(key, count, params) {
      const form = `${key}.${rules.select(count)}`
      const chosen = (Object.hasOwn(catalogue, form) ? form : `${key}.other`) as MailKey
      return t(chosen, { ...params, count })
    },
    date: (date) => long.format(date),
  }
}
