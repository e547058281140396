/**
 * Compiles the Solidity sources under contracts/ into build/contracts/*.json
 * (npm run contracts:compile; also the last step of npm run build). A no-op when
 * nothing changed; `--force` recompiles anyway.
 */
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureContractsCompiled } from '../src/adapters/chain/solidity-compiler.js'

export {
  artifactsDir,
  EVM_VERSION,
  ensureContractsCompiled,
  OPTIMIZER_RUNS,
} from '../src/adapters/chain/solidity-compiler.js'

function isMain(): boolean {
  const entry = process.argv[1]
  if (entry === undefined) return false
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

if (isMain()) {
  try {
    const result = await ensureContractsCompiled({
      force: process.argv.includes('--force'),
      log: (msg) => process.stderr.write(`${msg}\n`),
    })
    process.stderr.write(
      result.compiled
        ? `wrote ${result.contracts.length} artifacts to ${result.outDir}\n`
        : `contracts up to date (${result.contracts.join(', ')})\n`,
    )
  } catch (err) {
    process.stderr.write(`contract compilation failed: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exitCode = 1
  }
}
