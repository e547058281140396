// The console's words in English: the admin's pages and components.
export const adminEn = {} as const

/** The same keys in another language. */
export type AdminWords = { readonly [K in keyof typeof adminEn]: string }
