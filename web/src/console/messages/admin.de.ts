import type { AdminWords } from './admin.en.js'

export const adminDe: AdminWords = {}
