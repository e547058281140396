import { type Config, ConfigError, loadConfig } from '../config/index.js'
import type { Database } from '../db/client.js'
import { obtainDatabase } from '../db/obtain.js'
import { createLogger } from '../logger.js'

/** What a command reads and writes: the process's in `bin/warranty`, captured ones in tests. */
export interface CliIo {
  env: NodeJS.ProcessEnv
  cwd: string
  /** A line (or lines) for standard output: results, the thing a script would capture. */
  out(text: string): void
  /** Progress, instructions and errors. */
  err(text: string): void
  /** Raw output (export-merchant): resolves when the chunk was accepted. */
  write(chunk: string): Promise<void>
  readStdin(): Promise<string>
}

export interface CliContext {
  io: CliIo
  /** An open database to use instead of the configured one (tests). */
  database?: Database
}

/** A wrong invocation: printed with the command's usage, exit code 2. */
export class UsageError extends Error {}

export function cliConfig(io: CliIo, overrides: Record<string, string | undefined> = {}): Config {
  return loadConfig({ ...io.env, ...overrides }, io.cwd)
}

/**
 * Runs `fn` on the configured database, migrated. On the embedded database it uses the server a
 * running service started (so commands work beside `npm start`), or starts one for the command.
 */
export async function withDatabase<T>(
  ctx: CliContext,
  fn: (database: Database, config: Config) => Promise<T>,
  overrides: Record<string, string | undefined> = {},
): Promise<T> {
  const config = cliConfig(ctx.io, overrides)
  if (ctx.database) return fn(ctx.database, config)
  const database = await obtainDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    logger: createLogger({ logLevel: 'warn' }),
    poolSize: 2,
    embedded: 'share',
  })
  try {
    await database.migrate()
    return await fn(database, config)
  } finally {
    await database.close()
  }
}

export function describeError(err: unknown): string {
  if (err instanceof ConfigError) return err.message
  return err instanceof Error ? err.message : String(err)
}

/** The process's own streams, for `bin/warranty`. */
export function processIo(): CliIo {
  return {
    env: process.env,
    cwd: process.cwd(),
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    write: (chunk) =>
      new Promise((resolve, reject) => {
        process.stdout.write(chunk, (err) => (err ? reject(err) : resolve()))
      }),
    async readStdin() {
      if (process.stdin.isTTY) return ''
      const chunks: Buffer[] = []
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks).toString('utf8')
    },
  }
}
