import { ConfigError, loadEnvFile } from '../config/index.js'
import { deployContractCommand } from './chain-commands.js'
import { type CliContext, describeError, processIo, UsageError } from './cli-io.js'
import {
  createAdminCommand,
  exportMerchantCommand,
  migrateCommand,
  mintBacklogCommand,
  retryFailedMintsCommand,
} from './database-commands.js'
import { rotateJwtSecretCommand } from './secret-commands.js'

type Command = (ctx: CliContext, argv: string[]) => Promise<number>

/** The commands, their usage and what they do (docs/production.md#the-operator-cli). */
const COMMANDS: Record<string, { usage: string; about: string; run: Command }> = {
  'create-admin': {
    usage: '--email <e-mail> [--name <name>] [--role SUPER_ADMIN|ADMIN]',
    about: 'creates an admin; the password from ADMIN_PASSWORD or standard input',
    run: createAdminCommand,
  },
  migrate: { usage: '', about: 'applies the database migrations (once, under a lock)', run: migrateCommand },
  'deploy-contract': {
    usage: '[--if-deployed <address>]',
    about: 'deploys the certificate contract to CHAIN_RPC_URL; prints its address',
    run: deployContractCommand,
  },
  'mint-backlog': {
    usage: '[--merchant <id>] [--json]',
    about: 'warranties by mint state, and the age of the oldest unminted one',
    run: mintBacklogCommand,
  },
  'retry-failed-mints': {
    usage: '[--merchant <id>] [--dry-run]',
    about: 'puts every FAILED mint back to PENDING',
    run: retryFailedMintsCommand,
  },
  'rotate-jwt-secret': {
    usage: '[--finish]',
    about: 'a new JWT secret; the previous one accepted until its tokens expire',
    run: rotateJwtSecretCommand,
  },
  'export-merchant': {
    usage: '<merchant id> [--out <file>]',
    about: "a merchant's data as JSON, to stdout or a file",
    run: exportMerchantCommand,
  },
}

function help(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  warranty ${name} ${c.usage}\n      ${c.about}`)
  return [
    'usage: warranty <command> [options]   (settings from the environment, as the service reads them)',
    '',
    ...lines,
  ].join('\n')
}

/** `warranty <command> …` (bin/warranty): answers the exit code. */
export async function runCli(argv: string[], ctx: CliContext): Promise<number> {
  const [name, ...rest] = argv
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    ctx.io.out(help())
    return name ? 0 : 2
  }
  const command = COMMANDS[name]
  if (!command) {
    ctx.io.err(`unknown command "${name}"\n\n${help()}`)
    return 2
  }
  try {
    return await command.run(ctx, rest)
  } catch (err) {
    // A wrong invocation or setting: exit 2 with the usage; anything else (database, chain): 1.
    const usage =
      err instanceof UsageError ||
      err instanceof ConfigError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ctx.io.err(`warranty ${name}: ${describeError(err)}`)
    if (usage) ctx.io.err(`usage: warranty ${name} ${command.usage}`)
    return usage ? 2 : 1
  }
}

/** The process entry (bin/warranty imports this module's build and calls it). */
export async function main(argv = process.argv.slice(2)): Promise<void> {
  const io = processIo()
  try {
    // The `.env` file the service reads, read the same way (the environment's values win).
    loadEnvFile(io.env, io.cwd)
  } catch (err) {
    io.err(`warranty: ${describeError(err)}`)
    process.exitCode = 2
    return
  }
  process.exitCode = await runCli(argv, { io })
}
