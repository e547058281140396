import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadEnvFile } from '../../src/config/index.js'
import { projectRoot } from '../../src/paths.js'

const dirs: string[] = []
const servers: Server[] = []
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  for (const server of servers) await new Promise((resolve) => server.close(resolve))
})

function folderWith(dotEnv: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'wt-env-file-'))
  dirs.push(dir)
  if (dotEnv !== null) writeFileSync(join(dir, '.env'), dotEnv)
  return dir
}

describe('loadEnvFile', () => {
  it("sets the file's variables the environment does not have; the environment's win, even empty", () => {
    const dir = folderWith('# a comment\nPORT=3100\nLOG_LEVEL="debug"\nHOST=0.0.0.0\nMAIL_FROM=\n')
    const env: Record<string, string | undefined> = { HOST: '127.0.0.1', MAIL_FROM: '' }
    expect(loadEnvFile(env, dir)).toBe(join(dir, '.env'))
    expect(env).toEqual({ PORT: '3100', LOG_LEVEL: 'debug', HOST: '127.0.0.1', MAIL_FROM: '' })
  })

  it('no .env: nothing read, no error', () => {
    const env: Record<string, string | undefined> = {}
    expect(loadEnvFile(env, folderWith(null))).toBeNull()
    expect(env).toEqual({})
  })

  it('ENV_FILE names another file (relative to the working directory); off reads none', () => {
    const dir = folderWith('PORT=3100\n')
    writeFileSync(join(dir, 'staging.env'), 'PORT=3200\n')
    const chosen: Record<string, string | undefined> = { ENV_FILE: 'staging.env' }
    loadEnvFile(chosen, dir)
    expect(chosen.PORT).toBe('3200')
    const off: Record<string, string | undefined> = { ENV_FILE: 'off' }
    expect(loadEnvFile(off, dir)).toBeNull()
    expect(off.PORT).toBeUndefined()
  })

  it('ENV_FILE naming a missing file is a setting error naming ENV_FILE', () => {
    const err = (() => {
      try {
        loadEnvFile({ ENV_FILE: 'missing.env' }, folderWith(null))
      } catch (e) {
        return e
      }
    })()
    expect(err).toBeInstanceOf(ConfigError)
    expect((err as ConfigError).setting).toBe('ENV_FILE')
  })
})

const run = promisify(execFile)
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
/** The environment of a child without this run's settings (only what a shell would have). */
const bareEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' })
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: { code: number; stderr: string }) => err,
  )

describe('the entry points read .env from their working directory', () => {
  it('the service (src/main.ts): PORT from .env, and PORT from the environment over it', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    servers.push(server)
    const taken = (server.address() as { port: number }).port
    const dir = folderWith(`PORT=${taken}\nLOG_LEVEL=silent\n`)
    const main = join(projectRoot, 'src', 'main.ts')
    const fromFile = await failureOf(
      run(process.execPath, ['--import', tsx, main], { cwd: dir, env: bareEnv() }),
    )
    expect(fromFile?.stderr).toContain(`PORT: 127.0.0.1:${taken} is already in use`)

    // The environment's PORT wins: the file's is not used (a bad value there shows which was read).
    const overridden = await failureOf(
      run(process.execPath, ['--import', tsx, main], { cwd: dir, env: { ...bareEnv(), PORT: 'not-a-port' } }),
    )
    expect(overridden?.stderr).toContain('Invalid setting PORT: expected an integer, got "not-a-port"')
  })

  it('the operator CLI (bin/warranty): a setting from .env is used', async () => {
    const dir = folderWith('JWT_TTL_SECONDS=soon\n')
    const failure = await failureOf(
      run(process.execPath, [join(projectRoot, 'bin', 'warranty'), 'migrate'], { cwd: dir, env: bareEnv() }),
    )
    expect(failure?.code).toBe(2)
    expect(failure?.stderr).toContain('Invalid setting JWT_TTL_SECONDS')
  })
})
