// The audit log in words: what an entry changed as key/value lines, and the console page of
// its target (the API keeps the resource as it showed it, `before` and `after`). The words are
// the console's language (./i18n.ts): kinds and the fields the snapshots hold from the catalogue,
// any other field named from its key in English.
import { type ConsoleKey, ct } from './i18n.js'
import { adminEn } from './messages/admin.en.js'

type Snapshot = Record<string, unknown>

/** One line of a change: a field, its value before and after (absent: it did not exist). */
export interface ChangeLine {
  field: string
  before?: string
  after?: string
  /** The console page of an id the value names (a merchant's, a provider's). */
  href?: string
}

export interface TargetView {
  /** What the entry is about, in words: "Merchant", "Catalogue product"… */
  kind: string
  /** Its name as the snapshot has it (a name, an e-mail, brand and model), else null. */
  name: string | null
  /** The console page that shows it, where there is one. */
  href: string | null
}

/** The target types the log holds, in the order the audit page offers them. */
export const TARGET_TYPES = [
  'merchant',
  'merchant_user',
  'global_product',
  'service_provider',
  'service_provider_user',
  'merchant_service_provider',
  'admin_user',
] as const

/** The catalogue's key `${prefix}${name}` when it has one. */
function known(prefix: string, name: string): ConsoleKey | null {
  const key = `${prefix}${name}`
  return Object.hasOwn(adminEn, key) ? (key as ConsoleKey) : null
}

/** A target type in words: "Merchant", "Catalogue product"… (an unknown one from its name). */
export function kindName(targetType: string): string {
  const key = known('audit.kind.', targetType)
  return key ? ct(key) : fieldName(targetType)
}

// Fields every snapshot has that say nothing about the change itself.
const QUIET = new Set(['id', 'createdAt', 'updatedAt'])

const isSnapshot = (v: unknown): v is Snapshot => typeof v === 'object' && v !== null && !Array.isArray(v)

/** `contactEmail` → "Contact e-mail", `merchantId` → "Merchant id" (in the console's language). */
export function fieldName(key: string): string {
  const word = known('audit.field.', key)
  if (word) return ct(word)
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/\bemail\b/g, 'e-mail')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A value as a line of text: "—" for none, lists joined, anything nested as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(valueText).join(', ')
  return JSON.stringify(value)
}

function idPage(field: string, value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined
  if (field === 'merchantId') return `/admin/merchants/${value}`
  if (field === 'serviceProviderId') return `/admin/providers/${value}`
  return undefined
}

/**
 * The lines of an entry: a creation lists what was set, a removal what was there, a change only
 * the fields whose value moved (before → after). A snapshot that is not an object is one line.
 */
export function changeLines(before: unknown, after: unknown): ChangeLine[] {
  if (!isSnapshot(before) && !isSnapshot(after)) {
    if (before === null && after === null) return []
    return [{ field: ct('audit.value'), before: valueText(before), after: valueText(after) }]
  }
  const b = isSnapshot(before) ? before : null
  const a = isSnapshot(after) ? after : null
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].filter((k) => !QUIET.has(k))
  const lines: ChangeLine[] = []
  for (const key of keys) {
    const was = b?.[key]
    const is = a?.[key]
    if (b && a && JSON.stringify(was) === JSON.stringify(is)) continue
    if (!b && (is === null || is === undefined)) continue
    const line: ChangeLine = { field: fieldName(key) }
    if (b) line.before = valueText(was)
    if (a) line.after = valueText(is)
    const href = idPage(key, is ?? was)
    if (href) line.href = href
    lines.push(line)
  }
  return lines
}

function nameOf(s: Snapshot | null): string | null {
  if (!s) return null
  for (const key of ['name', 'title', 'email']) {
    const v = s[key]
    if (typeof v === 'string' && v !== '') return v
  }
  const product = [s.brand, s.model].filter((v) => typeof v === 'string' && v !== '').join(' ')
  return product || null
}

/** The target of an entry in words, with its console page where one exists. */
export function targetView(
  targetType: string,
  targetId: string | null,
  before: unknown,
  after: unknown,
): TargetView {
  const snapshot = isSnapshot(after) ? after : isSnapshot(before) ? before : null
  const field = (key: string) => (typeof snapshot?.[key] === 'string' ? (snapshot[key] as string) : null)
  const kind = kindName(targetType)
  let href: string | null = null
  if (targetType === 'merchant' && targetId) href = `/admin/merchants/${targetId}`
  else if (targetType === 'service_provider' && targetId) href = `/admin/providers/${targetId}`
  else if (targetType === 'merchant_user' && field('merchantId'))
    href = `/admin/merchants/${field('merchantId')}`
  else if (targetType === 'service_provider_user' && field('serviceProviderId'))
    href = `/admin/providers/${field('serviceProviderId')}`
  else if (targetType === 'merchant_service_provider' && targetId) href = `/admin/providers/${targetId}`
  else if (targetType === 'admin_user') href = '/admin/admins'
  else if (targetType === 'global_product') href = '/admin/catalogue'
  return { kind, name: nameOf(snapshot), href }
}
