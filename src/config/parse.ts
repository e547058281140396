import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Readers of one setting each: they validate it and name it in the error. */

export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    reason: string,
  ) {
    super(`Invalid setting ${setting}: ${reason}`)
    this.name = 'ConfigError'
  }
}

export type Env = Record<string, string | undefined>

export function str(env: Env, name: string): string | null {
  const v = env[name]
  return v === undefined || v.trim() === '' ? null : v.trim()
}

export function int(env: Env, name: string, def: number, min: number, max: number): number {
  const v = str(env, name)
  if (v === null) return def
  if (!/^\d+$/.test(v)) throw new ConfigError(name, `expected an integer, got "${v}"`)
  const n = Number(v)
  if (n < min || n > max) throw new ConfigError(name, `expected ${min} to ${max}, got ${n}`)
  return n
}

export function url(env: Env, name: string, protocols: string[]): string | null {
  const v = str(env, name)
  if (v === null) return null
  let parsed: URL
  try {
    parsed = new URL(v)
  } catch {
    throw new ConfigError(name, 'not a valid URL')
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `expected a ${protocols.join(' or ')} URL`)
  }
  return v.replace(/\/+$/, '')
}

export function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], def: T): T {
  const v = str(env, name)
  if (v === null) return def
  if (!allowed.includes(v as T)) throw new ConfigError(name, `expected one of ${allowed.join(', ')}`)
  return v as T
}

export function hex(env: Env, name: string, bytes: number): `0x${string}` | null {
  const v = str(env, name)
  if (v === null) return null
  const re = new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`)
  if (!re.test(v)) throw new ConfigError(name, `expected 0x followed by ${bytes * 2} hex digits`)
  return v as `0x${string}`
}

export function list(env: Env, name: string): string[] {
  return (str(env, name) ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A secret kept in DATA_DIR when not configured: generated once, reused across restarts. */
export function persistedSecret(dataDir: string, file: string): string {
  const path = join(dataDir, file)
  if (existsSync(path)) return readFileSync(path, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  chmodSync(path, 0o600)
  return secret
}

/** The settings object, frozen all the way down. */
export function deepFreeze<T>(obj: T): T {
  for (const value of Object.values(obj as object)) {
    if (value && typeof value === 'object') deepFreeze(value)
  }
  return Object.freeze(obj)
}
