// The customer app's one message catalogue (docs/web-app.md, "Languages"): every word a page
// shows comes from `t(key)`, in English, German or French. The language is the signed-in
// customer's profile language when set, else the browser's best match, else English. The
// staff console speaks the same language with words of its own (`catalogue()`, ../console/i18n.ts).
import { en, type MessageKey, type Messages } from './messages/en.js'

export type { MessageKey } from './messages/en.js'

export const LANGUAGES = ['en', 'de', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]

/**
 * Each language's catalogue, loaded when first needed (English is in the first bundle; German and
 * French are chunks of their own, so a page's JavaScript grows by one language, not by all).
 * `Messages` makes a key missing in de or fr a compile error.
 */
export const catalogueLoaders: { readonly [L in Language]: () => Promise<Messages> } = {
  en: () => Promise.resolve(en),
  de: () => import('./messages/de.js').then((m) => m.de),
  fr: () => import('./messages/fr.js').then((m) => m.fr),
}
const loaded: { [L in Language]?: Messages } = { en }
const messages = (): Messages => loaded[current] ?? en

/** Each language's name in itself, for the language switch. */
export const LANGUAGE_NAMES: { readonly [L in Language]: string } = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
}

/** The profile's language, kept with the session (this tab only; ./session.ts drops it with the session). */
export const PROFILE_LANGUAGE_KEY = 'wr.language'
const PROFILE_KEY = PROFILE_LANGUAGE_KEY

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

const base = (tag: string) => tag.toLowerCase().split('-')[0] ?? ''

/** The first of the browser's languages the app speaks, or English. */
export function browserLanguage(tags: readonly string[] = browserTags()): Language {
  for (const tag of tags) {
    const lang = base(tag)
    if (isLanguage(lang)) return lang
  }
  return 'en'
}

function browserTags(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : [navigator.language]
}

/** The locale dates and amounts are written in: the browser's own variant of the language when it has one. */
function localeOf(lang: Language, tags: readonly string[] = browserTags()): string {
  return tags.find((tag) => base(tag) === lang) ?? lang
}

let current: Language = 'en'
let currentLocale: string | undefined
const listeners = new Set<(lang: Language) => void>()

/** The language the app speaks now. */
export function language(): Language {
  return current
}

/** The locale of dates and amounts (./format.ts): the browser's own variant of the language. */
export function formatLocale(): string | undefined {
  return currentLocale
}

/** Calls `listener` on every change of language; answers the unsubscribe. */
export function onLanguageChange(listener: (lang: Language) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function storedProfileLanguage(): Language | null {
  try {
    const value = sessionStorage.getItem(PROFILE_KEY)
    return isLanguage(value) ? value : null
  } catch {
    return null
  }
}

const wanted = (): Language => storedProfileLanguage() ?? browserLanguage()

function switchTo(next: Language): void {
  currentLocale = localeOf(next)
  // The page's <html lang> (none when this runs outside a browser, as in the unit tests).
  const page = (globalThis as { document?: { documentElement: { lang: string } } }).document
  if (page) page.documentElement.lang = next
  if (next === current) return
  current = next
  for (const listener of listeners) listener(next)
}

/**
 * Chooses the language again (at start, after a sign-in, a sign-out, a change on the profile):
 * at once when its catalogue is here, else once it is loaded (English meanwhile, and if the
 * load fails, offline).
 */
export function applyLanguage(): Promise<void> {
  const next = wanted()
  const ready = loaded[next]
  if (ready) {
    switchTo(next)
    return Promise.resolve()
  }
  return catalogueLoaders[next]().then(
    (catalogue) => {
      loaded[next] = catalogue
      if (wanted() === next) switchTo(next)
    },
    () => switchTo('en'),
  )
}

/** Remembers the signed-in customer's profile language (null: follow the browser) and applies it. */
export function setProfileLanguage(lang: Language | null): Promise<void> {
  try {
    if (lang) sessionStorage.setItem(PROFILE_KEY, lang)
    else sessionStorage.removeItem(PROFILE_KEY)
  } catch {
    // Storage refused (private mode): the choice lasts until the page is reloaded.
  }
  return applyLanguage()
}

type Params = Readonly<Record<string, string | number>>

function fill(text: string, params: Params | undefined): string {
  if (!params) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  )
}

/** The text of `key` in the current language, its `{name}` placeholders filled in. */
export function t(key: MessageKey, params?: Params): string {
  return fill(messages()[key], params)
}

/**
 * The text of `key` cut at its placeholders, for a page that sets a value apart (in <strong>,
 * <code>): "Sign in as {email}." → [{text: 'Sign in as '}, {param: 'email'}, {text: '.'}].
 */
export function pieces(
  key: MessageKey,
): ({ text: string; param?: undefined } | { param: string; text?: undefined })[] {
  return messages()
    [key].split(/(\{\w+\})/)
    .filter((piece) => piece !== '')
    .map((piece) => (/^\{\w+\}$/.test(piece) ? { param: piece.slice(1, -1) } : { text: piece }))
}

/** Keys with plural forms (`….one`, `….other`), named without the ending. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer B}.other` ? B : never) : never

const pluralRules = new Map<Language, Intl.PluralRules>()

/** The plural form of `key` for `count` (Intl.PluralRules), `{count}` filled in with the rest. */
export function plural(key: PluralKey, count: number, params?: Params): string {
  let rules = pluralRules.get(current)
  if (!rules) {
    rules = new Intl.PluralRules(current)
    pluralRules.set(current, rules)
  }
  const catalogue = messages()
  const form = `${key}.${rules.select(count)}`
  const chosen = (Object.hasOwn(catalogue, form) ? form : `${key}.other`) as MessageKey
  return fill(catalogue[chosen], { ...params, count })
}

/**
 * A record of words by code (claim statuses, categories) read from the catalogue each time, so
 * that it speaks the current language: `wordsBy(['A', 'B'], (c) => \`x.${c}\`)`.
 */
export function wordsBy<C extends string>(
  codes: readonly C[],
  keyOf: (code: C) => MessageKey,
): Record<C, string> {
  const record = {} as Record<C, string>
  for (const code of codes)
    Object.defineProperty(record, code, { enumerable: true, get: () => t(keyOf(code)) })
  return record
}

/** Words of one part of the app (the console's, ../console/i18n.ts): every key in every language. */
export type Catalogue<K extends string> = { readonly [Key in K]: string }

/**
 * A catalogue of its own for a part of the app loaded apart (the staff console): its words in the
 * language chosen above, English in the part's own chunk, the others loaded by `load()` before the
 * part is drawn (English meanwhile, and if the load fails). `t`, `plural` and `pieces` as above.
 */
export function catalogue<K extends string>(
  english: Catalogue<K>,
  loaders: { readonly [L in Exclude<Language, 'en'>]: () => Promise<Catalogue<K>> },
) {
  const ready: { [L in Language]?: Catalogue<K> } = { en: english }
  const words = (): Catalogue<K> => ready[current] ?? english
  type Plural = K extends `${infer B}.other` ? B : never
  return {
    /** Loads the current language's words (at once when they are here). */
    load(): Promise<void> {
      const lang = current
      if (lang === 'en' || ready[lang]) return Promise.resolve()
      return loaders[lang]().then(
        (loadedWords) => {
          ready[lang] = loadedWords
        },
        () => {},
      )
    },
    t: (key: K, params?: Params): string => fill(words()[key], params),
    plural(key: Plural, count: number, params?: Params): string {
      const catalogueNow = words()
      const form = `${key}.${new Intl.PluralRules(current).select(count)}`
      const chosen = (Object.hasOwn(catalogueNow, form) ? form : `${key}.other`) as K
      return fill(catalogueNow[chosen], { ...params, count })
    },
    pieces: (key: K) =>
      words()
        [key].split(/(\{\w+\})/)
        .filter((piece) => piece !== '')
        .map((piece) =>
          /^\{\w+\}$/.test(piece) ? { param: piece.slice(1, -1) } : { text: piece, param: undefined },
        ),
  }
}
