/**
 * What the container image and compose.yaml run, run here without Docker (docs/production.md,
 * "What was tested"): the compose file's own commands and settings, with the hosts of its
 * PostgreSQL, chain and SMTP catcher replaced by local ones. The dev chain is the compose `chain`
 * command (anvil's binary from node_modules); `warranty migrate` and `warranty deploy-contract
 * --if-deployed …` as the one-shot services run them; then the `api` and `worker` commands with
 * the image's environment (NODE_ENV=production, DATA_DIR) as an unprivileged user that cannot
 * write to the project folder (the read-only root filesystem, as far as it can be had here); the
 * Dockerfile's HEALTHCHECK command must pass against the API, and a warranty issued through it
 * must be minted by the worker. PostgreSQL only, like `--role api|worker`.
 */

import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ensureBuilt, projectRoot } from './support/build.js'
import { emptyDatabase } from './support/empty-database.js'
import { IssueLoad } from './support/issue-load.js'
import { createScenario, freePort } from './support/scenario.js'
import { ADMIN, allWarranties, setUpMerchant } from './support/service-api.js'

type Service = { command?: string[]; environment?: Record<string, string> }
/** compose.yaml with Compose's interpolation applied as on a machine that sets none of its variables: `${X:-default}` → default. */
const compose = parse(
  readFileSync(join(projectRoot, 'compose.yaml'), 'utf8').replace(
    /\$\{\w+(?::?-([^}]*))?\}/g,
    (_, def?: string) => def ?? '',
  ),
  { merge: true },
) as { services: Record<string, Service> }
const dockerfile = readFileSync(join(projectRoot, 'Dockerfile'), 'utf8')
/** The runtime stage's ENV (the last stage's `ENV a=b \ c=d` lines). */
const imageEnv = Object.fromEntries(
  [...dockerfile.slice(dockerfile.lastIndexOf('\nFROM ')).matchAll(/^\s*(?:ENV\s+)?([A-Z_]+)=(\S*)\s*\\?$/gm)]
    .map((m): [string, string] => [m[1]!, m[2]!])
    .filter(([, value]) => !value.includes('$')),
)
const healthcheck = JSON.parse(
  /^\s*CMD (\[.*\])$/m.exec(dockerfile.slice(dockerfile.indexOf('HEALTHCHECK')))![1]!,
) as string[]

/**
 * The unprivileged user's ids when running as root and it can read the project and run this
 * node (a node under root's home, as npx keeps one, it cannot); else null (run as is).
 */
function unprivileged(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null
  const can = (...test: string[]) =>
    spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'test', ...test]).status === 0
  if (!can('-r', join(projectRoot, 'package.json'))) return null
  if (!can('-x', process.execPath)) {
    console.warn(`the unprivileged user cannot run ${process.execPath}: the commands run as root`)
    return null
  }
  return { uid: 65534, gid: 65534 }
}

function run(command: string[], env: Record<string, string>, user: { uid: number; gid: number } | null) {
  const [exe, ...args] =
    command[0] === 'warranty' ? [process.execPath, 'bin/warranty', ...command.slice(1)] : command
  return spawnSync(exe!, args, { cwd: projectRoot, env, encoding: 'utf8', timeout: 120_000, ...(user ?? {}) })
}

describe("the image's commands, run the way compose.yaml runs them", () => {
  it('chain, migrate, deploy-contract, api (HEALTHCHECK passes) and worker: a warranty issued is minted', async () => {
    await ensureBuilt()
    const scenario = await createScenario('image-start')
    const user = unprivileged()
    const chainPort = await freePort()
    const chainDir = mkdtempSync(join(tmpdir(), 'wt-image-chain-'))
    const chainCommand = compose.services.chain!.command!.map((arg) =>
      arg
        .replace(/^\/app\//, `${projectRoot}/`)
        .replace('--host=0.0.0.0', '--host=127.0.0.1')
        .replace('--port=8545', `--port=${chainPort}`)
        .replace('/data/', `${chainDir}/`),
    )
    const chain = spawn(chainCommand[0]!, chainCommand.slice(1), { stdio: 'ignore', detached: true })
    const database = await emptyDatabase()
    // The services' DATA_DIR (the image's /data volume), writable by the unprivileged user.
    const dataDir = join(scenario.dataDir, 'data')
    mkdirSync(dataDir)
    if (user) {
      chmodSync(scenario.dataDir, 0o755)
      chmodSync(dataDir, 0o777)
    }
    try {
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        HOME: dataDir,
        ...imageEnv,
        ...compose.services.api!.environment,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        CHAIN_RPC_URL: `http://127.0.0.1:${chainPort}`,
        SMTP_URL: scenario.sink.url,
        // compose.yaml requires these (`${VAR:?…}`): what an operator sets.
        JWT_SECRET: randomBytes(32).toString('hex'),
        SERIAL_HASH_SALT: randomBytes(16).toString('hex'),
        CRON_SECRET: randomBytes(32).toString('hex'),
        METRICS_TOKEN: randomBytes(32).toString('hex'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        INBOX_SMTP_PORT: 'off',
      }
      if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL
      else delete env.REDIS_URL
      expect(imageEnv).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/data' })

      for (const step of ['migrate', 'deploy-contract']) {
        let result = run(compose.services[step]!.command!, env, user)
        // The chain may still be starting.
        for (let i = 0; step === 'deploy-contract' && result.status !== 0 && i < 20; i++) {
          await sleep(500)
          result = run(compose.services[step]!.command!, env, user)
        }
        expect({ step, status: result.status, stderr: result.status === 0 ? '' : result.stderr }).toEqual({
          step,
          status: 0,
          stderr: '',
        })
        if (step === 'deploy-contract') expect(result.stdout.trim()).toBe(env.CERTIFICATE_CONTRACT_ADDRESS)
      }

      const roleOf = (name: string) => compose.services[name]!.command!.at(-1) as 'api' | 'worker'
      const api = scenario.service({
        env,
        role: roleOf('api'),
        port: await freePort(),
        ...(user ? { user } : {}),
      })
      const worker = scenario.service({
        env,
        role: roleOf('worker'),
        port: await freePort(),
        ...(user ? { user } : {}),
      })
      await Promise.all([api.start(), worker.start()])

      const check = spawnSync(healthcheck[0]!, healthcheck.slice(1), {
        env: { ...env, PORT: new URL(api.url).port },
        encoding: 'utf8',
        timeout: 10_000,
      })
      expect(check.status).toBe(0)

      const { token, productId } = await setUpMerchant(api.url)
      const load = new IssueLoad({ url: api.url, token, productId, rate: 5, concurrency: 1 }).start()
      await load.waitForAcked(3, 60_000)
      await load.stop()
      const deadline = Date.now() + 60_000
      let listed = await allWarranties(api.url, token)
      while (listed.some((w) => w.mint.status !== 'MINTED') && Date.now() < deadline) {
        await sleep(500)
        listed = await allWarranties(api.url, token)
      }
      scenario.report({ unprivilegedUser: user !== null, statuses: listed.map((w) => w.mint.status) })
      expect(listed.map((w) => w.mint.status)).toEqual(listed.map(() => 'MINTED'))
      // The certificate metadata the worker wrote under DATA_DIR is served by the API's gateway.
      const cid = listed[0]!.mint.metadataCid
      expect((await fetch(`${api.url}/ipfs/${cid}`)).status).toBe(200)
      expect(api.totals().errorCount + worker.totals().errorCount).toBe(0)
    } finally {
      await scenario.close()
      if (chain.pid) process.kill(-chain.pid, 'SIGKILL')
      await database.drop()
      rmSync(chainDir, { recursive: true, force: true })
    }
  }, 300_000)
})
