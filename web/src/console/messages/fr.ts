import { adminFr } from './admin.fr.js'
import type { ConsoleMessages } from './en.js'
import { shellFr } from './shell.fr.js'

// The console's words in French (keys and placeholders as in en.ts).
export const consoleFr: ConsoleMessages = { ...shellFr, ...adminFr }
