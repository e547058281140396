import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, listeningMessage, loadConfig } from '../../src/config/index.js'

const dataDir = mkdtempSync(join(tmpdir(), 'wt-config-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const base = { DATA_DIR: dataDir }

function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ ...base, ...env })
  } catch (err) {
    if (err instanceof ConfigError) return err
    throw err
  }
  throw new Error('expected a ConfigError')
}

describe('loadConfig', () => {
  it('has working defaults for npm start', () => {
    const config = loadConfig(base)
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: null,
      // One origin by default: the one the start-up log and the README print.
      publicApiUrl: 'http://127.0.0.1:3000',
      appUrl: 'http://127.0.0.1:3000',
      bodyLimitBytes: 102_400,
      httpTimeouts: { headersSeconds: 20, requestSeconds: 300, idleSeconds: 30 },
      cronSecret: null,
      corsOrigins: [],
    })
    expect(config.chain.rpcUrl).toBeNull()
    expect(config.pinning.serviceUrl).toBeNull()
    expect(Object.isFrozen(config.chain)).toBe(true)
  })

  it('refuses an HTTP request deadline shorter than the headers deadline, naming the setting', () => {
    expect(() =>
      loadConfig({ ...base, HTTP_HEADERS_TIMEOUT_SECONDS: '30', HTTP_REQUEST_TIMEOUT_SECONDS: '10' }),
    ).toThrow(/HTTP_REQUEST_TIMEOUT_SECONDS/)
    expect(() => loadConfig({ ...base, HTTP_IDLE_TIMEOUT_SECONDS: '0' })).toThrow(/HTTP_IDLE_TIMEOUT_SECONDS/)
  })

  it('generates the JWT secret once, keeps it in DATA_DIR (mode 600) and reuses it', () => {
    const a = loadConfig(base).jwt.secret
    const b = loadConfig(base).jwt.secret
    expect(a).toBe(b)
    expect(a.length).toBeGreaterThanOrEqual(48)
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(a)
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ ADMIN_EMAIL: 'root@example.com' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'secret1' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ CORS_ORIGINS: 'https://ok.example.com,not a url' }, 'CORS_ORIGINS'],
    [{ CHAIN_RPC_URL: 'http://127.0.0.1:8545' }, 'CHAIN_PRIVATE_KEY'],
    [
      { CHAIN_RPC_URL: 'http://127.0.0.1:8545', CHAIN_PRIVATE_KEY: `0x${'1'.repeat(64)}` },
      'CERTIFICATE_CONTRACT_ADDRESS',
    ],
    [{ CERTIFICATE_CONTRACT_ADDRESS: '0x1234' }, 'CERTIFICATE_CONTRACT_ADDRESS'],
    [{ PINNING_SERVICE_URL: 'https://pins.example.com' }, 'PINNING_SERVICE_TOKEN'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ CHAIN_CONFIRMATIONS: '0' }, 'CHAIN_CONFIRMATIONS'],
    [{ CHAIN_POLL_MS: '10' }, 'CHAIN_POLL_MS'],
    [{ REMINDER_LEASE_SECONDS: '10' }, 'REMINDER_LEASE_SECONDS'],
    [{ BLOB_SWEEP_SECONDS: '0' }, 'BLOB_SWEEP_SECONDS'],
  ])('refuses %o naming %s', (env, setting) => {
    const err = failure(env)
    expect(err.setting).toBe(setting)
    expect(err.message).toContain(setting)
  })

  it('polls a configured chain every second unless CHAIN_POLL_MS says otherwise (50 ms to 60 s)', () => {
    expect(loadConfig(base).chain.pollMs).toBe(1000)
    expect(loadConfig({ ...base, CHAIN_POLL_MS: '250' }).chain.pollMs).toBe(250)
  })

  it('reads the reminder lease and the orphan sweep period (defaults 120 s and 10 minutes)', () => {
    expect(loadConfig(base)).toMatchObject({
      push: { reminderLeaseSeconds: 120 },
      blobs: { sweepSeconds: 600 },
    })
    expect(loadConfig({ ...base, REMINDER_LEASE_SECONDS: '15', BLOB_SWEEP_SECONDS: '2' })).toMatchObject({
      push: { reminderLeaseSeconds: 15 },
      blobs: { sweepSeconds: 2 },
    })
  })

  it("defaults PUBLIC_API_URL to HOST and PORT's origin (a wildcard HOST: 127.0.0.1; IPv6 bracketed)", () => {
    expect(loadConfig({ ...base, PORT: '3100' }).publicApiUrl).toBe('http://127.0.0.1:3100')
    expect(loadConfig({ ...base, HOST: 'localhost' }).appUrl).toBe('http://localhost:3000')
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).publicApiUrl).toBe('http://127.0.0.1:3000')
    expect(loadConfig({ ...base, HOST: '::1' }).publicApiUrl).toBe('http://[::1]:3000')
  })

  it('derives APP_URL from PUBLIC_API_URL and trims trailing slashes', () => {
    const config = loadConfig({ ...base, PUBLIC_API_URL: 'https://api.example.com/' })
    expect(config.publicApiUrl).toBe('https://api.example.com')
    expect(config.appUrl).toBe('https://api.example.com')
  })
})

describe('the start-up line', () => {
  it('lists where to open the console, the app, the certificate check, the docs and (development) the e-mails, each URL between spaces', () => {
    const origin = 'http://127.0.0.1:3000'
    const line = listeningMessage(origin, true)
    expect(line.startsWith(`listening on ${origin} `)).toBe(true)
    const urls = line.split(/\s+/).filter((word) => word.startsWith('http'))
    expect(urls).toEqual([
      origin,
      `${origin}/login`,
      `${origin}/signin`,
      `${origin}/verify`,
      `${origin}/docs`,
      `${origin}/dev/mail`,
    ])
    expect(listeningMessage(origin, false)).not.toContain('/dev/mail')
  })
})
