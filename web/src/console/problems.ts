// The console's reading of an API error answer: the per-field messages shown at their fields,
// and one message for the form as a whole that never repeats them (plain, no window or fetch:
// unit-tested in test/web). Its own words are the console's (./i18n.ts); the API's are as sent.
import { ct } from './i18n.js'

/** An error answer with the per-field messages of a validation error, keyed by field name. */
export interface StaffProblem {
  status: number
  error: string
  message: string
  fields: Record<string, string>
}

/** `/body/email` → `email`; a missing required property → that property's name. */
export function fieldOf(detail: { path: string; message: string }): string {
  const required = /required property '([^']+)'/.exec(detail.message)
  if (required?.[1]) return required[1]
  return detail.path.split('/').filter(Boolean).slice(1).join('.') || ''
}

/**
 * A problem's message for the form as a whole, or null. Each message is shown once: a field's
 * own message stays at the field (the form then only points at the marked fields, without the
 * API's summary beside them), and a conflict the page shows at its field is not repeated above.
 * A validation error that names no field is said in the console's words, not the API's English.
 */
export function formMessage(problem: StaffProblem | null): string | null {
  if (!problem) return null
  const atFields = Object.values(problem.fields)
  if (atFields.includes(problem.message)) return null
  if (atFields.length > 0)
    return atFields.length === 1 ? ct('common.problem.field') : ct('common.problem.fields')
  if (problem.error === 'validation_error') return ct('common.problem.check')
  return problem.message
}
