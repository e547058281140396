import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureAdmin } from '../modules/auth/index.js'
import { exportMerchant, mintBacklog, retryFailedMints } from '../modules/operations/index.js'
import { type CliContext, UsageError, withDatabase } from './cli-io.js'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function merchantOption(value: string | undefined): string | null {
  if (value === undefined) return null
  if (!UUID.test(value)) throw new UsageError(`--merchant must be a merchant id (uuid), got "${value}"`)
  return value
}

/** `migrate`: applies the committed migrations (under the advisory lock on PostgreSQL). */
export async function migrateCommand(ctx: CliContext): Promise<number> {
  await withDatabase(ctx, async (database) => {
    await database.migrate()
    ctx.io.out('migrations applied')
  })
  return 0
}

/**
 * `create-admin --email <e-mail> [--name <name>] [--role SUPER_ADMIN|ADMIN]`; the password from
 * ADMIN_PASSWORD or standard input, never from argv (which other users of the machine can see).
 */
export async function createAdminCommand(ctx: CliContext, argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'SUPER_ADMIN' },
    },
  })
  const { email, name, role } = values
  if (!email || !EMAIL.test(email)) throw new UsageError('--email <e-mail> is required')
  if (role !== 'SUPER_ADMIN' && role !== 'ADMIN') throw new UsageError('--role must be SUPER_ADMIN or ADMIN')
  const password = (ctx.io.env.ADMIN_PASSWORD ?? (await ctx.io.readStdin())).trim()
  if (password.length < 6) {
    throw new UsageError('the password (ADMIN_PASSWORD or standard input) must be at least 6 characters')
  }
  // The bootstrap admin settings are this command's input, not the service's.
  const overrides = { ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined }
  return withDatabase(
    ctx,
    async (database) => {
      const result = await ensureAdmin(database.db, { email, password, name, adminRole: role })
      if (!result.created) {
        ctx.io.err(`a user with e-mail ${email} already exists`)
        return 1
      }
      ctx.io.out(`admin created: ${result.id}`)
      return 0
    },
    overrides,
  )
}

/** `mint-backlog [--merchant <id>] [--json]`: warranties by mint state and the oldest unminted one's age. */
export async function mintBacklogCommand(ctx: CliContext, argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { merchant: { type: 'string' }, json: { type: 'boolean', default: false } },
  })
  const merchantId = merchantOption(values.merchant)
  const backlog = await withDatabase(ctx, (database) => mintBacklog(database.db, merchantId))
  const ageSeconds = backlog.oldestUnminted
    ? Math.max(0, Math.round((Date.now() - backlog.oldestUnminted.getTime()) / 1000))
    : null
  if (values.json) {
    ctx.io.out(JSON.stringify({ ...backlog.counts, oldestUnmintedAgeSeconds: ageSeconds }))
    return 0
  }
  for (const [status, n] of Object.entries(backlog.counts)) ctx.io.out(`${status.padEnd(8)} ${n}`)
  ctx.io.out(`oldest unminted: ${ageSeconds === null ? 'none' : `${ageSeconds} s ago`}`)
  return 0
}

/** `retry-failed-mints [--merchant <id>] [--dry-run]`: every FAILED mint back to PENDING. */
export async function retryFailedMintsCommand(ctx: CliContext, argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { merchant: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  })
  const merchantId = merchantOption(values.merchant)
  const dryRun = values['dry-run']
  const n = await withDatabase(ctx, (database) => retryFailedMints(database.db, { merchantId, dryRun }))
  ctx.io.out(
    dryRun
      ? `${n} failed mints would be retried`
      : `${n} failed mints put back to PENDING; a running worker picks them up within seconds`,
  )
  return 0
}

/** `export-merchant <merchant id> [--out <file>]`: the merchant's data as JSON, to stdout or a file. */
export async function exportMerchantCommand(ctx: CliContext, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' } },
  })
  const merchantId = merchantOption(positionals[0])
  if (!merchantId || positionals.length !== 1)
    throw new UsageError('export-merchant <merchant id> [--out <file>]')
  const file = values.out ? resolve(ctx.io.cwd, values.out) : null
  // Written next to the target and renamed would need a writable folder; a partial file is
  // reported instead (exit 1), and the command can be run again.
  const stream = file ? createWriteStream(file, { mode: 0o600 }) : null
  const write = stream
    ? async (chunk: string) => {
        if (!stream.write(chunk)) await once(stream, 'drain')
      }
    : ctx.io.write
  try {
    const n = await withDatabase(ctx, (database) => exportMerchant(database.db, merchantId, write))
    if (n === null) {
      ctx.io.err(`no merchant ${merchantId}`)
      return 1
    }
    if (file) ctx.io.err(`${n} warranties exported to ${file}`)
    return 0
  } finally {
    if (stream) await new Promise((done) => stream.end(done))
  }
}
