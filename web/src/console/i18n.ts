// The staff console's words (docs/console.md, "Languages"): a catalogue of its own, in the
// language ../lib/i18n.ts chose (the browser's; a customer's profile language when the same tab
// holds one). English comes with the console's chunk; German and French are chunks of their own.
// Pages write `ct('key')`, `cplural('key', n)`; Console.svelte waits for `loadConsoleWords()`
// and draws everything again when the language changes.
import { catalogue } from '../lib/i18n.js'
import { consoleEn } from './messages/en.js'

export type { ConsoleKey } from './messages/en.js'

const words = catalogue(consoleEn, {
  de: () => import('./messages/de.js').then((m) => m.consoleDe),
  fr: () => import('./messages/fr.js').then((m) => m.consoleFr),
})

export const ct = words.t
export const cplural = words.plural
export const cpieces = words.pieces
export const loadConsoleWords = words.load
