import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mnemonicToAccount } from 'viem/accounts'
import type { TestProject } from 'vitest/node'
import { ensureContractsCompiled } from '../scripts/compile-contracts.js'
import { ANVIL_DEV_PRIVATE_KEY } from '../src/adapters/chain/anvil.js'
import { anvilRpc } from '../src/adapters/chain/anvil-rpc.js'
import { SIGNER_KEY_FILE } from '../src/adapters/chain/anvil-signer.js'
import { createChain } from '../src/adapters/chain/index.js'
import { loadConfig } from '../src/config/index.js'
import { createLogger } from '../src/logger.js'
import { buildPostgresTemplate, dropDatabasesWithPrefix, startTestServer } from './support/databases.js'

declare module 'vitest' {
  export interface ProvidedContext {
    chainTemplateDir: string
    /** The PostgreSQL server of the run (an admin URL): TEST_DATABASE_URL's, or an embedded one. */
    databaseServer: string
    /** The migrated template database on it that each test file clones. */
    postgresTemplate: string
  }
}

/**
 * Once per run: the database server (an embedded PostgreSQL started for the run, or the server
 * of TEST_DATABASE_URL) with a migrated template database that each test file clones.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureContractsCompiled()
  project.provide('chainTemplateDir', await cachedChainTemplate())

  const external = process.env.TEST_DATABASE_URL
  const server = external ? null : await startTestServer()
  const url = external ?? server!.url
  const prefix = `wt_${process.pid}_${Date.now().toString(36)}`
  project.provide('databaseServer', url)
  project.provide('postgresTemplate', await buildPostgresTemplate(url, prefix))

  return async () => {
    if (external) await dropDatabasesWithPrefix(external, prefix)
    await server?.stop()
  }
}

/**
 * An embedded chain with the certificate contract deployed (anvil state + deployment record),
 * cached by the contract's bytecode: each test service starts from a copy (~0.1 s) instead of
 * deploying (~1 s).
 */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

async function cachedChainTemplate(): Promise<string> {
  const artifact = readFileSync(join('build', 'contracts', 'WarrantyCertificate.json'))
  const hash = createHash('sha256').update(artifact)
  hash.update(JSON.parse(readFileSync('node_modules/@foundry-rs/anvil/package.json', 'utf8')).version)
  // Templates made before the embedded chain ran without dev accounts (`--accounts 0`) differ.
  hash.update('signer-key-v2')
  const dir = join(
    process.cwd(),
    'node_modules',
    '.cache',
    'warranty-tests',
    `chain-${hash.digest('hex').slice(0, 16)}`,
  )
  if (existsSync(join(dir, 'deployment.json'))) return dir
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-chain-template-'))
  // Deployed by anvil's dev key #0, which the tests use as the contract's admin; a test service's
  // copy (deployment.json, no key file) keeps signing with it (the existing-folder rule).
  mkdirSync(join(dataDir, 'chain'), { recursive: true })
  writeFileSync(join(dataDir, 'chain', SIGNER_KEY_FILE), `${ANVIL_DEV_PRIVATE_KEY}\n`, { mode: 0o600 })
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'x'.repeat(32),
    SERIAL_HASH_SALT: 'y'.repeat(16),
  })
  const chain = await createChain({ config, logger: createLogger({ logLevel: 'silent' }) })
  // anvil runs without dev accounts (`--accounts 0`); the tests' wallets are the well-known dev
  // accounts of the "test … junk" mnemonic, funded here for gas (kept in the template's state).
  for (let addressIndex = 0; addressIndex < 10; addressIndex++) {
    const { address } = mnemonicToAccount(DEV_MNEMONIC, { addressIndex })
    await anvilRpc(chain.node!.rpcUrl, 'anvil_setBalance', [address, `0x${(10n ** 22n).toString(16)}`])
  }
  await chain.stop()
  const staging = `${dir}.tmp-${process.pid}`
  mkdirSync(staging, { recursive: true })
  for (const file of ['state.json', 'deployment.json'])
    copyFileSync(join(dataDir, 'chain', file), join(staging, file))
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(dir, { recursive: true, force: true })
  renameSync(staging, dir)
  return dir
}
