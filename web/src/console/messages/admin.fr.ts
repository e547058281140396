import type { AdminWords } from './admin.en.js'

export const adminFr: AdminWords = {}
