// The console's words in English, the catalogue German and French follow key for key (a missing
// key is a compile error). Two parts, each in files of its own: shell.*.ts (the header and menu,
// sign-in, account, the dashboard, issuing, import, warranties, products and labels) and
// admin.*.ts (the admin's pages, staff and team, claims, coverage, registrations, providers and
// sender addresses).
import { adminEn } from './admin.en.js'
import { shellEn } from './shell.en.js'

export const consoleEn = { ...shellEn, ...adminEn } as const

export type ConsoleKey = keyof typeof consoleEn
/** A language's console catalogue: every key of the English one. */
export type ConsoleMessages = { readonly [K in ConsoleKey]: string }
