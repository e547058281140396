import { ConfigError, type Env, str } from './parse.js'

/**
 * Values shipped as examples (compose.yaml before it required them, .env.example, the docs):
 * never secrets, whatever their length. Compared case-insensitively.
 */
const PLACEHOLDERS = new Set([
  'compose-local-jwt-secret-not-for-production-use',
  'compose-local-serial-salt',
  'compose-local-cron-secret',
  'change-me-please',
  'change-me-now',
  'at-least-32-characters-of-randomness',
  'at-least-16-characters',
  'another-long-random-value',
  'local-cron-secret',
  'admin-password',
  'admin-password-1',
  'inbound-secret-0123456789',
])
/** Parts that mark a value as an example, not a secret. */
const PLACEHOLDER_PARTS = [
  'compose-local',
  'change-me',
  'changeme',
  'not-for-production',
  'placeholder',
  'replace-me',
  'your-',
]
/** Parts of the weakest passwords (a bootstrap admin's password is checked for them). */
const WEAK_PASSWORD_PARTS = [
  'password',
  'passwort',
  'admin',
  'qwerty',
  'letmein',
  '123456',
  'welcome',
  'secret',
]

/** The service's own secrets, with the shortest length production accepts for each. */
const SECRETS: [name: string, minLength: number][] = [
  ['JWT_SECRET', 32],
  ['JWT_SECRET_PREVIOUS', 32],
  ['CRON_SECRET', 32],
  // Existing deployments keep their salt (certificates hash serials with it): 16, as before.
  ['SERIAL_HASH_SALT', 16],
  ['METRICS_TOKEN', 32],
  ['INBOUND_EMAIL_SECRET', 32],
]

/** Bits per character of the value's own character frequencies (Shannon), times its length. */
function estimatedBits(value: string): number {
  const counts = new Map<string, number>()
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1)
  let perChar = 0
  for (const n of counts.values()) perChar -= (n / value.length) * Math.log2(n / value.length)
  return perChar * value.length
}

/** Whether the value is a shorter piece repeated (`abcabc…`, `0123456789012…`). */
function isRepetition(value: string): boolean {
  for (let period = 1; period <= value.length / 2; period++) {
    let repeats = true
    for (let i = period; i < value.length && repeats; i++) repeats = value[i] === value[i - period]
    if (repeats) return true
  }
  return false
}

/** Low entropy: few distinct characters, a skewed spread of them, or a repeated piece. */
function isPredictable(value: string): boolean {
  const perChar = value.length >= 32 ? 2.4 : 2.0
  return new Set(value).size < 6 || estimatedBits(value) < perChar * value.length || isRepetition(value)
}

function isPlaceholder(value: string): boolean {
  const lower = value.toLowerCase()
  return PLACEHOLDERS.has(lower) || PLACEHOLDER_PARTS.some((part) => lower.includes(part))
}

/**
 * With NODE_ENV=production (docs/production.md#secrets): every secret that is set must be no
 * known placeholder, long enough, and not low-entropy (see isPredictable: random hex or base64
 * of the minimum length passes); the bootstrap
 * `ADMIN_PASSWORD` at least 12 characters, not a placeholder, without a common password's
 * words and not the admin e-mail's name. Each refusal names its setting.
 */
export function checkProductionSecrets(env: Env): void {
  for (const [name, minLength] of SECRETS) {
    const value = str(env, name)
    if (value === null) continue
    if (isPlaceholder(value)) throw new ConfigError(name, 'is a known placeholder: set a random value')
    if (value.length < minLength)
      throw new ConfigError(name, `must be at least ${minLength} characters with NODE_ENV=production`)
    if (isPredictable(value))
      throw new ConfigError(name, 'is too predictable: use a random value (openssl rand -hex 32)')
  }
  const password = env.ADMIN_PASSWORD
  if (password === undefined || password === '') return
  const lower = password.toLowerCase()
  const localPart = (str(env, 'ADMIN_EMAIL') ?? '').split('@')[0]?.toLowerCase() ?? ''
  if (isPlaceholder(password)) throw new ConfigError('ADMIN_PASSWORD', 'is a known placeholder')
  if (password.length < 12)
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 12 characters with NODE_ENV=production')
  if (
    WEAK_PASSWORD_PARTS.some((part) => lower.includes(part)) ||
    (localPart.length >= 3 && lower.includes(localPart)) ||
    new Set(password).size < 6 ||
    isRepetition(password) ||
    estimatedBits(password) < 40
  )
    throw new ConfigError('ADMIN_PASSWORD', 'is too weak for a bootstrap administrator')
}
