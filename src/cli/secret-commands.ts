import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { JWT_PREVIOUS_SECRET_FILE, JWT_SECRET_FILE } from '../config/jwt.js'
import { str } from '../config/parse.js'
import { type CliContext, cliConfig, UsageError } from './cli-io.js'

async function writeSecretFile(path: string, secret: string): Promise<void> {
  await writeFile(`${path}.tmp`, `${secret}\n`, { mode: 0o600 })
  await rename(`${path}.tmp`, path)
}

/**
 * `rotate-jwt-secret [--finish]`. The graceful path: the service signs with JWT_SECRET and also
 * accepts the previous secret (JWT_SECRET_PREVIOUS) for verification, so tokens issued before
 * the rotation work until they expire (JWT_TTL_SECONDS) and e-mails queued before it can still
 * be opened and sent. Once that time has passed, the previous secret is dropped (`--finish`).
 *
 * - JWT_SECRET set (production): prints a new secret on stdout and the steps on stderr; the
 *   operator puts them in the secret store and rolls the processes.
 * - JWT_SECRET unset (the secret generated into DATA_DIR): DATA_DIR/jwt-secret moves to
 *   DATA_DIR/jwt-secret.previous and a new one is written; restart the service. `--finish`
 *   removes the previous one.
 *
 * A leaked secret is rotated without a previous one: every session ends at once, and e-mails
 * queued under it are given up (FAILED, "cannot open the message data").
 */
export async function rotateJwtSecretCommand(ctx: CliContext, argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { finish: { type: 'boolean', default: false } } })
  const config = cliConfig(ctx.io)
  const ttl = config.jwt.ttlSeconds
  if (str(ctx.io.env, 'JWT_SECRET') !== null) {
    if (values.finish) {
      ctx.io.err('Remove JWT_SECRET_PREVIOUS from the settings of every process and roll them.')
      return 0
    }
    const secret = randomBytes(48).toString('base64url')
    ctx.io.err(
      [
        'Rotating JWT_SECRET (set in the environment):',
        '  1. JWT_SECRET_PREVIOUS = the current JWT_SECRET',
        '  2. JWT_SECRET          = the new secret printed below',
        '  3. roll every API and worker process (kubectl rollout restart, docker compose up -d)',
        `  4. after JWT_TTL_SECONDS (${ttl} s) and once the mail outbox queued before the roll has`,
        '     drained, remove JWT_SECRET_PREVIOUS and roll again (`warranty rotate-jwt-secret --finish`)',
        'New secret:',
      ].join('\n'),
    )
    ctx.io.out(secret)
    return 0
  }
  if (config.nodeEnv === 'production')
    throw new UsageError('NODE_ENV=production needs JWT_SECRET in the environment')
  const current = join(config.dataDir, JWT_SECRET_FILE)
  const previous = join(config.dataDir, JWT_PREVIOUS_SECRET_FILE)
  if (values.finish) {
    await rm(previous, { force: true })
    ctx.io.out(`removed ${previous}: tokens signed with the previous secret are refused after a restart`)
    return 0
  }
  if (!existsSync(current)) throw new UsageError(`no secret to rotate in ${current}`)
  await writeSecretFile(previous, (await readFile(current, 'utf8')).trim())
  await writeSecretFile(current, randomBytes(48).toString('base64url'))
  ctx.io.out(
    [
      `rotated ${current}; the previous secret is kept in ${previous}.`,
      'Restart the service: tokens signed with the previous secret stay valid until they expire',
      `(JWT_TTL_SECONDS = ${ttl} s); after that run \`warranty rotate-jwt-secret --finish\` and restart.`,
    ].join('\n'),
  )
  return 0
}
