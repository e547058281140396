import type { ShellWords } from './shell.en.js'

export const shellDe: ShellWords = {
  'console.label': 'Konsole',
}
