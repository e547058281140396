import { join } from 'node:path'
import type { Logger } from 'pino'
import { type Database, openDatabase } from './client.js'
import { EmbeddedPostgres, serverUrl } from './embedded/server.js'
import { folderKind, runningServer, serverPassword } from './embedded/server-files.js'

export interface ObtainDatabaseOptions {
  /** PostgreSQL URL (`DATABASE_URL`); null: the embedded server under `dataDir/db`. */
  url: string | null
  dataDir: string
  logger: Logger
  poolSize?: number
  traced?: boolean
  /** Channels the query pool's connections LISTEN on (Database.notifications). */
  listen?: readonly string[]
  /**
   * `own` (the service): the embedded server is this process's child, started now (a server
   * left by a killed predecessor is stopped first) and stopped at close. `share` (operator
   * commands): the server the running service started is used as it is; only when none runs
   * is one started for the command, and stopped after it.
   */
  embedded?: 'own' | 'share'
}

/**
 * The one database adapter, obtained in one of two ways: on the PostgreSQL server of
 * `DATABASE_URL` (nothing is started), or on the embedded PostgreSQL server started from
 * `DATA_DIR/db` (./embedded/server.ts).
 */
export async function obtainDatabase(options: ObtainDatabaseOptions): Promise<Database> {
  const common = {
    poolSize: options.poolSize ?? 10,
    logger: options.logger,
    ...(options.traced ? { traced: true } : {}),
    ...(options.listen ? { listen: options.listen } : {}),
  }
  if (options.url) return openDatabase({ url: options.url, ...common })
  if (options.embedded === 'share') {
    const dbDir = join(options.dataDir, 'db')
    const running = folderKind(dbDir) === 'server' ? await runningServer(dbDir) : null
    if (running && running.port > 0) {
      return openDatabase({ url: serverUrl(running.port, await serverPassword(options.dataDir)), ...common })
    }
  }
  const server = new EmbeddedPostgres({ dataDir: options.dataDir, logger: options.logger })
  const url = await server.start()
  try {
    return await openDatabase({ url, ...common, afterClose: () => server.stop() })
  } catch (err) {
    await server.stop()
    throw err
  }
}
