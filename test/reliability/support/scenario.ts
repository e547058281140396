/**
 * What every reliability scenario needs around the service: a data folder, a port kept across
 * restarts, a real SMTP sink, the database (PGlite under DATA_DIR, or a fresh PostgreSQL
 * database when the project runs on PostgreSQL), and a report of the figures measured.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import { postgresFromTemplate } from '../../support/databases.js'
import { testDb } from '../../support/harness.js'
import { type SmtpSink, startSmtpSink } from '../../support/smtp-sink.js'
import { projectRoot } from './build.js'
import { ADMIN } from './service-api.js'
import { type Launcher, ServiceProcess } from './service-process.js'
import { keepData } from './settings.js'

export interface Scenario {
  database: 'pglite' | 'postgres'
  /** The scenario's PostgreSQL database (null on the embedded one). */
  databaseUrl: string | null
  sink: SmtpSink
  dataDir: string
  port: number
  /** A service on this scenario's data folder, port, database and sink; `env` adds or overrides settings. */
  service(options?: {
    launcher?: Launcher
    env?: Record<string, string>
    role?: 'api' | 'worker' | 'all'
    /** Default: the scenario's port (several API processes need one each: see `freePort`). */
    port?: number
    user?: { uid: number; gid: number }
  }): ServiceProcess
  /** Prints the figures (and appends them as a JSON line to RELIABILITY_REPORT when set). */
  report(figures: Record<string, unknown>): void
  /** Kills what is left, closes the sink, drops the database, removes the folder (unless RELIABILITY_KEEP=1). */
  close(): Promise<void>
}

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

export async function createScenario(name: string): Promise<Scenario> {
  const dataDir = mkdtempSync(join(tmpdir(), `wt-reliability-${name}-`))
  const sink = await startSmtpSink()
  const port = await freePort()
  let database: { url: string; drop: () => Promise<void> } | null = null
  if (testDb === 'postgres') {
    const template = inject('postgresTemplate')
    if (!process.env.TEST_DATABASE_URL || !template)
      throw new Error('the postgres project needs TEST_DATABASE_URL')
    database = await postgresFromTemplate(process.env.TEST_DATABASE_URL, template)
  }
  const services: ServiceProcess[] = []
  const logFile = join(dataDir, 'service.log')

  return {
    database: testDb,
    databaseUrl: database?.url ?? null,
    sink,
    dataDir,
    port,
    service(options = {}) {
      const service = new ServiceProcess({
        root: projectRoot,
        dataDir: join(dataDir, 'data'),
        port: options.port ?? port,
        logFile,
        launcher: options.launcher ?? 'node',
        ...(options.role ? { role: options.role } : {}),
        ...(options.user ? { user: options.user } : {}),
        env: {
          LOG_LEVEL: process.env.RELIABILITY_LOG_LEVEL ?? 'info',
          SMTP_URL: sink.url,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          // Load runs one merchant far past the production quotas (docs/security.md, Quotas).
          QUOTA_MERCHANT_EMAILS_PER_DAY: '10000000',
          QUOTA_RECEIPTS_PER_CUSTOMER: '10000000',
          RATE_LIMIT_RECEIPT_SAVES: '100000000/1h',
          ...(database ? { DATABASE_URL: database.url } : {}),
          // Extra settings for the service under test, e.g. RELIABILITY_SERVICE_ENV='{"MINT_BATCH_SIZE":"250"}'.
          ...(process.env.RELIABILITY_SERVICE_ENV
            ? (JSON.parse(process.env.RELIABILITY_SERVICE_ENV) as Record<string, string>)
            : {}),
          ...options.env,
        },
      })
      services.push(service)
      return service
    },
    report(figures) {
      const line = { scenario: name, database: testDb, at: new Date().toISOString(), ...figures }
      console.info(`[reliability] ${JSON.stringify(line, null, 2)}`)
      if (process.env.RELIABILITY_REPORT)
        appendFileSync(process.env.RELIABILITY_REPORT, `${JSON.stringify(line)}\n`)
    },
    async close() {
      for (const service of services) await service.dispose()
      stopLeftAnvils(dataDir)
      await sink.close()
      await database?.drop()
      if (keepData) console.info(`[reliability] ${name}: data and service.log kept in ${dataDir}`)
      else rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The embedded chain's anvil outlives a `kill -9` of its service on purpose (the next start
 * adopts it); once a scenario is over, whatever anvil its data folders still record is stopped,
 * so that test runs leave no process behind.
 */
function stopLeftAnvils(dataDir: string): void {
  let entries: string[] = []
  try {
    entries = readdirSync(dataDir, { recursive: true }).map(String)
  } catch {
    return
  }
  for (const entry of entries.filter((e) => e.endsWith('anvil.pid'))) {
    try {
      const { pid } = JSON.parse(readFileSync(join(dataDir, entry), 'utf8')) as { pid?: unknown }
      if (typeof pid !== 'number') continue
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (commandLine.includes(dataDir)) process.kill(pid, 'SIGKILL')
    } catch {
      // Gone already, or not ours.
    }
  }
}
