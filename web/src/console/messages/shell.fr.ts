import type { ShellWords } from './shell.en.js'

export const shellFr: ShellWords = {
  'console.label': 'Console',
}
