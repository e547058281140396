import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { parseEnv } from 'node:util'
import { ConfigError, type Env } from './parse.js'

/**
 * Reads the `.env` file of the working directory (or `ENV_FILE`'s; `ENV_FILE=off`: none) into
 * `env` before the settings are read, in the service's entry and the operator CLIs. A variable
 * already in the environment wins over the file's, even when set to an empty value. A missing
 * file is no error; a missing `ENV_FILE` is. Answers the file read, or null.
 *
 * The file has the format of `.env.example`: `NAME=value` lines, `#` comments, quotes as Node's
 * `--env-file` reads them (`util.parseEnv`).
 */
export function loadEnvFile(env: Env = process.env, cwd = process.cwd()): string | null {
  const chosen = env.ENV_FILE?.trim() || null
  if (chosen === 'off') return null
  const path = chosen ? (isAbsolute(chosen) ? chosen : resolve(cwd, chosen)) : resolve(cwd, '.env')
  if (!existsSync(path)) {
    if (chosen) throw new ConfigError('ENV_FILE', `${path} does not exist`)
    return null
  }
  const values = parseEnv(readFileSync(path, 'utf8'))
  for (const [name, value] of Object.entries(values)) {
    if (env[name] === undefined) env[name] = value
  }
  return path
}
