/**
 * What every reliability scenario needs around the service: a data folder, a port kept across
 * restarts, a real SMTP sink, the database (the service's own embedded server under DATA_DIR, as
 * `npm start` runs it, or a fresh database on the run's server for scenarios of several
 * processes on one database), and a report of the figures measured.
 */
import { appendFileSync, chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freshDatabase } from '../../support/harness.js'
import { type SmtpSink, startSmtpSink } from '../../support/smtp-sink.js'
import { projectRoot } from './build.js'
import { ADMIN } from './service-api.js'
import { type Launcher, ServiceProcess } from './service-process.js'
import { keepData } from './settings.js'

export interface Scenario {
  database: ScenarioDatabase
  /** The scenario's database on the run's server (null on the service's own embedded server). */
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

/** `embedded`: each service starts its own server under DATA_DIR; `shared`: a database on the run's server. */
export type ScenarioDatabase = 'embedded' | 'shared'

export async function createScenario(
  name: string,
  options: { database?: ScenarioDatabase } = {},
): Promise<Scenario> {
  const kind = options.database ?? 'embedded'
  const dataDir = mkdtempSync(join(tmpdir(), `wt-reliability-${name}-`))
  // Passage (not listing) for the embedded database's OS user when the tests run as root.
  chmodSync(dataDir, 0o711)
  const sink = await startSmtpSink()
  const port = await freePort()
  let database: { url: string; drop: () => Promise<void> } | null = null
  if (kind === 'shared') database = await freshDatabase()
  const services: ServiceProcess[] = []
  const logFile = join(dataDir, 'service.log')

  return {
    database: kind,
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
      const line = { scenario: name, database: kind, at: new Date().toISOString(), ...figures }
      console.info(`[reliability] ${JSON.stringify(line, null, 2)}`)
      if (process.env.RELIABILITY_REPORT)
        appendFileSync(process.env.RELIABILITY_REPORT, `${JSON.stringify(line)}\n`)
    },
    async close() {
      for (const service of services) await service.dispose()
      stopLeftovers(dataDir)
      await sink.close()
      await database?.drop()
      if (keepData) console.info(`[reliability] ${name}: data and service.log kept in ${dataDir}`)
      else rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The embedded chain's anvil and database server outlive a `kill -9` of their service on purpose
 * (the next start takes them over); once a scenario is over, whatever its data folders still
 * record is stopped, so that test runs leave no process behind.
 */
function stopLeftovers(dataDir: string): void {
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
  for (const entry of entries.filter((e) => e.endsWith('postmaster.pid'))) {
    try {
      const pid = Number.parseInt(readFileSync(join(dataDir, entry), 'utf8').split('\n')[0] ?? '', 10)
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (commandLine.includes('postgres')) process.kill(pid, 'SIGQUIT')
    } catch {
      // Gone already.
    }
  }
}
