import { adminDe } from './admin.de.js'
import type { ConsoleMessages } from './en.js'
import { shellDe } from './shell.de.js'

// The console's words in German (keys and placeholders as in en.ts).
export const consoleDe: ConsoleMessages = { ...shellDe, ...adminDe }
