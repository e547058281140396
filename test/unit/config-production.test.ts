import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ConfigError, loadConfig } from '../../src/config/index.js'

// Issue 26, defect 6: production refuses placeholders, short or predictable secrets and a weak
// bootstrap admin password, naming the setting; compose.yaml requires the values.
const dataDir = mkdtempSync(join(tmpdir(), 'wt-config-prod-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const hex = (bytes: number) => randomBytes(bytes).toString('hex')
const production = () => ({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  JWT_SECRET: hex(32),
  SERIAL_HASH_SALT: hex(16),
  CRON_SECRET: hex(32),
  METRICS_TOKEN: hex(32),
  INBOUND_EMAIL_SECRET: hex(32),
  ADMIN_EMAIL: 'ops@example.com',
  ADMIN_PASSWORD: 'Tv8-granite-Qm41-lotus',
})

function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (err) {
    if (err instanceof ConfigError) return err
    throw err
  }
  throw new Error('expected a ConfigError')
}

describe('loadConfig with NODE_ENV=production', () => {
  it('starts with random secrets and a strong admin password', () => {
    expect(loadConfig(production()).nodeEnv).toBe('production')
    // Random hex or base64 of the minimum length passes, every time.
    for (let i = 0; i < 200; i++)
      loadConfig({
        ...production(),
        JWT_SECRET: randomBytes(24).toString('base64'),
        SERIAL_HASH_SALT: hex(8),
      })
  })

  it.each([
    // The values compose.yaml supplied before, and the examples of .env.example and the docs.
    ['JWT_SECRET', 'compose-local-jwt-secret-not-for-production-use'],
    ['SERIAL_HASH_SALT', 'compose-local-serial-salt'],
    ['CRON_SECRET', 'compose-local-cron-secret-0123456789'],
    ['JWT_SECRET', 'at-least-32-characters-of-randomness'],
    ['JWT_SECRET', 'CHANGE-ME-at-least-32-characters-of-randomness'],
    ['SERIAL_HASH_SALT', 'CHANGE-ME-16-or-more-characters'],
    ['ADMIN_PASSWORD', 'change-me-please'],
    ['ADMIN_PASSWORD', 'change-me-now'],
  ])('refuses the placeholder %s=%s', (setting, value) => {
    const err = failure({ ...production(), [setting]: value })
    expect(err.setting).toBe(setting)
    expect(err.message).toContain(setting)
  })

  it.each([
    ['JWT_SECRET', 'x'.repeat(40)], // one character
    ['JWT_SECRET', 'abcdabcdabcdabcdabcdabcdabcdabcdabcd'], // a repeated piece
    ['JWT_SECRET', '0123456789012345678901234567890123456789'],
    ['CRON_SECRET', hex(8)], // short
    ['CRON_SECRET', 'aaaaaaaabbbbbbbbccccccccdddddddd'],
    ['METRICS_TOKEN', 'y'.repeat(32)],
    ['METRICS_TOKEN', hex(10)],
    ['INBOUND_EMAIL_SECRET', 'inbound-secret-0123456789'],
    ['SERIAL_HASH_SALT', 'y'.repeat(20)],
    ['JWT_SECRET_PREVIOUS', 'z'.repeat(48)],
  ])('refuses a short or predictable %s', (setting, value) => {
    const err = failure({ ...production(), [setting]: value })
    expect(err.setting).toBe(setting)
  })

  it.each([
    'short1!',
    'password1234',
    'Admin-2024-admin',
    'qwertyuiop123',
    'ops-ops-ops-ops-ops', // the e-mail's name, and a repetition
    'aaaaaaaaaaaaaaaa',
  ])('refuses the weak bootstrap ADMIN_PASSWORD %s', (password) => {
    expect(failure({ ...production(), ADMIN_PASSWORD: password }).setting).toBe('ADMIN_PASSWORD')
  })

  it('leaves development alone (the embedded defaults need nothing)', () => {
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: 'x'.repeat(40),
        ADMIN_EMAIL: 'a@b.co',
        ADMIN_PASSWORD: 'secret1',
      }).nodeEnv,
    ).toBe('development')
  })
})

describe('compose.yaml', () => {
  it('requires every secret from the environment (${VAR:?…}) instead of supplying one', () => {
    const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
      'x-service': { environment: Record<string, string> }
    }
    const env = compose['x-service'].environment
    for (const name of [
      'JWT_SECRET',
      'SERIAL_HASH_SALT',
      'CRON_SECRET',
      'METRICS_TOKEN',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
    ])
      expect(env[name], name).toMatch(new RegExp(`^\\$\\{${name}:\\?.+\\}$`))
  })
})
