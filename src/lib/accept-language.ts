// The best of the customer languages (en, de, fr) for an Accept-Language header: what a customer
// e-mail is written in when the recipient's profile names no language (docs/web-app.md#languages).

const SUPPORTED = ['en', 'de', 'fr'] as const
export type SupportedLanguage = (typeof SUPPORTED)[number]

/** `de-CH,de;q=0.9,en;q=0.8` → `de`; null when the header names none of them (or is absent). */
export function preferredLanguage(header: string | string[] | undefined): SupportedLanguage | null {
  const value = Array.isArray(header) ? header.join(',') : header
  if (!value) return null
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q ? Number(q.slice(2)) : 1
      return {
        base: tag.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      }
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  const found = ranked.find((entry) => (SUPPORTED as readonly string[]).includes(entry.base))
  return (found?.base as SupportedLanguage | undefined) ?? null
}
