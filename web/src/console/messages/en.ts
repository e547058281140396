// The console's words in English, the catalogue German and French follow key for key (a missing
// key is a compile error). Two parts, each in files of its own: the shell and the merchant's and
// service provider's pages (shell.*.ts), the admin's pages (admin.*.ts).
import { adminEn } from './admin.en.js'
import { shellEn } from './shell.en.js'

export const consoleEn = { ...shellEn, ...adminEn } as const

export type ConsoleKey = keyof typeof consoleEn
/** A language's console catalogue: every key of the English one. */
export type ConsoleMessages = { readonly [K in ConsoleKey]: string }
