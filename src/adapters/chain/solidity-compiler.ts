import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { projectRoot } from '../../paths.js'

/**
 * EVM target of the bytecode. `cancun` (PUSH0, MCOPY, transient storage) runs on
 * anvil 1.7 (whose default hardfork is the newer post-Osaka "Bpo1"), on Ethereum
 * mainnet and on every major L2 and sidechain, while `prague`/`osaka` targets are
 * not accepted everywhere yet. For these contracts solc 0.8.37 emits byte-for-byte
 * the same runtime code for cancun, prague and osaka (checked), so the wider
 * target costs nothing. solc's own default is osaka.
 */
export const EVM_VERSION = 'cancun'
export const OPTIMIZER_RUNS = 200
/** Bumped when the artifact format changes, to force a recompile. */
const FORMAT_VERSION = 1
const LIBRARY_PREFIXES = ['@openzeppelin/', 'erc721a/'] as const
const LIBRARY_PACKAGES = ['@openzeppelin/contracts', 'erc721a', 'solc'] as const
const MANIFEST = '.manifest.json'
const LOCK = '.lock'
const STALE_LOCK_MS = 120_000

export interface CompilerSettings {
  optimizer: { enabled: boolean; runs: number }
  evmVersion: string
}

/** What `build/contracts/<ContractName>.json` holds. */
export interface ArtifactFile {
  contractName: string
  abi: unknown[]
  bytecode: `0x${string}`
  deployedBytecode: `0x${string}`
  compiler: { version: string; settings: CompilerSettings }
  sourceHash: string
}

export interface CompileResult {
  /** false when the artifacts were already up to date. */
  compiled: boolean
  contracts: string[]
  sourceHash: string
  outDir: string
}

interface Manifest {
  sourceHash: string
  contracts: string[]
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<
    string,
    Record<
      string,
      { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >
}

interface Solc {
  version(): string
  compile(
    input: string,
    callbacks: { import: (path: string) => { contents: string } | { error: string } },
  ): string
}

export const SETTINGS: CompilerSettings = Object.freeze({
  optimizer: Object.freeze({ enabled: true, runs: OPTIMIZER_RUNS }),
  evmVersion: EVM_VERSION,
})

export function contractsSourceDir(root = projectRoot): string {
  return join(root, 'contracts')
}

export function artifactsDir(root = projectRoot): string {
  return join(root, 'build', 'contracts')
}

async function listSolidityFiles(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await listSolidityFiles(path)))
    else if (entry.isFile() && entry.name.endsWith('.sol')) out.push(path)
  }
  return out.sort()
}

async function packageVersion(root: string, name: string): Promise<string> {
  const pkg = JSON.parse(await readFile(join(root, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string
  }
  return pkg.version
}

/** Sources keyed by their project-relative path with forward slashes (solc's source unit names). */
async function readSources(root: string): Promise<Map<string, string>> {
  const sources = new Map<string, string>()
  for (const file of await listSolidityFiles(contractsSourceDir(root))) {
    sources.set(relative(root, file).split(sep).join('/'), await readFile(file, 'utf8'))
  }
  return sources
}

async function computeSourceHash(root: string, sources: Map<string, string>): Promise<string> {
  const hash = createHash('sha256')
  const versions: Record<string, string> = {}
  for (const name of LIBRARY_PACKAGES) versions[name] = await packageVersion(root, name)
  hash.update(JSON.stringify({ format: FORMAT_VERSION, settings: SETTINGS, versions }))
  for (const [path, content] of sources) {
    hash.update(`\0${path}\0`)
    hash.update(content)
  }
  return hash.digest('hex')
}

async function readManifest(outDir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(join(outDir, MANIFEST), 'utf8')) as Manifest
  } catch {
    return null
  }
}

function isFresh(outDir: string, manifest: Manifest | null, sourceHash: string): manifest is Manifest {
  return (
    manifest !== null &&
    manifest.sourceHash === sourceHash &&
    manifest.contracts.every((name) => existsSync(join(outDir, `${name}.json`)))
  )
}

async function writeAtomically(path: string, content: string): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`
  await writeFile(tmp, content)
  await rename(tmp, path)
}

/** A cross-process lock (mkdir is atomic), so parallel test workers compile once. */
async function withLock<T>(outDir: string, fn: () => Promise<T>): Promise<T> {
  const lock = join(outDir, LOCK)
  const deadline = Date.now() + STALE_LOCK_MS
  for (;;) {
    try {
      await mkdir(lock)
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      )
      if (age > STALE_LOCK_MS || Date.now() > deadline) await rm(lock, { recursive: true, force: true })
      else await new Promise((r) => setTimeout(r, 100))
    }
  }
  try {
    return await fn()
  } finally {
    await rm(lock, { recursive: true, force: true })
  }
}

function importResolver(root: string): (path: string) => { contents: string } | { error: string } {
  const modules = resolve(root, 'node_modules')
  return (path) => {
    if (!LIBRARY_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return { error: `import "${path}" is outside ${LIBRARY_PREFIXES.join(', ')} and contracts/` }
    }
    const file = resolve(modules, path)
    if (!file.startsWith(modules + sep)) return { error: `import "${path}" escapes node_modules` }
    try {
      // solc-js's import callback is synchronous.
      return { contents: readFileSync(file, 'utf8') }
    } catch {
      return { error: `import "${path}" not found in node_modules` }
    }
  }
}

/** Loaded only when something must be compiled: loading solc-js takes about a second. */
async function loadSolc(): Promise<Solc> {
  const mod = (await import('solc')) as unknown as { default: Solc }
  return mod.default
}

async function compile(
  root: string,
  sources: Map<string, string>,
  sourceHash: string,
  log: (msg: string) => void,
): Promise<string[]> {
  const started = Date.now()
  const solc = await loadSolc()
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries([...sources].map(([path, content]) => [path, { content }])),
    settings: {
      ...SETTINGS,
      outputSelection: Object.fromEntries(
        [...sources.keys()].map((path) => [
          path,
          { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] },
        ]),
      ),
    },
  }
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), { import: importResolver(root) }),
  ) as SolcOutput
  const problems = output.errors ?? []
  for (const warning of problems.filter((e) => e.severity !== 'error')) log(warning.formattedMessage.trim())
  const errors = problems.filter((e) => e.severity === 'error')
  if (errors.length > 0) {
    throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  }

  const version = solc.version()
  const outDir = artifactsDir(root)
  const written: string[] = []
  for (const [path, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [contractName, out] of Object.entries(contracts)) {
      // Interfaces and abstract contracts have no bytecode: nothing to deploy.
      if (out.evm.bytecode.object === '') continue
      if (written.includes(contractName))
        throw new Error(`contract name ${contractName} is defined twice (${path})`)
      const artifact: ArtifactFile = {
        contractName,
        abi: out.abi,
        bytecode: `0x${out.evm.bytecode.object}`,
        deployedBytecode: `0x${out.evm.deployedBytecode.object}`,
        compiler: { version, settings: SETTINGS },
        sourceHash,
      }
      await writeAtomically(join(outDir, `${contractName}.json`), `${JSON.stringify(artifact, null, 2)}\n`)
      written.push(contractName)
    }
  }
  log(`compiled ${written.join(', ')} with solc ${version} (${EVM_VERSION}) in ${Date.now() - started} ms`)
  return written.sort()
}

/**
 * Compiles every `.sol` under `contracts/` into `build/contracts/<ContractName>.json`,
 * unless the artifacts were built from the same sources, compiler and settings
 * (then it is a no-op of a few milliseconds). Safe to call from parallel processes.
 */
export async function ensureContractsCompiled(
  options: { force?: boolean; log?: (msg: string) => void } = {},
): Promise<CompileResult> {
  const root = projectRoot
  const log = options.log ?? (() => {})
  const outDir = artifactsDir(root)
  const sources = await readSources(root)
  if (sources.size === 0) throw new Error(`no Solidity sources under ${contractsSourceDir(root)}`)
  const sourceHash = await computeSourceHash(root, sources)

  const before = await readManifest(outDir)
  if (!options.force && isFresh(outDir, before, sourceHash)) {
    return { compiled: false, contracts: before.contracts, sourceHash, outDir }
  }
  await mkdir(outDir, { recursive: true })
  return withLock(outDir, async () => {
    // Another process may have compiled while this one waited for the lock.
    const current = await readManifest(outDir)
    if (!options.force && isFresh(outDir, current, sourceHash)) {
      return { compiled: false, contracts: current.contracts, sourceHash, outDir }
    }
    const contracts = await compile(root, sources, sourceHash, log)
    for (const stale of current?.contracts.filter((name) => !contracts.includes(name)) ?? []) {
      await rm(join(outDir, `${stale}.json`), { force: true })
    }
    await writeAtomically(
      join(outDir, MANIFEST),
      `${JSON.stringify({ sourceHash, contracts } satisfies Manifest)}\n`,
    )
    return { compiled: true, contracts, sourceHash, outDir }
  })
}
