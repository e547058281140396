// The console's words in English: the shell (header, menu, sign-in, account) and the merchant's and service provider's pages and components.
export const shellEn = {
  'console.label': 'Console',
} as const

/** The same keys in another language. */
export type ShellWords = { readonly [K in keyof typeof shellEn]: string }
