import { join } from 'node:path'
import { projectRoot } from '../../paths.js'
import { ANVIL_CHAIN_ID } from './anvil-deployment.js'

/** The embedded node's command line (src/adapters/chain/anvil.ts). */
export function anvilArgs(o: {
  port: number
  gasLimit: bigint
  cachePath: string
  /** Mining the journal's blocks again: no blocks of its own meanwhile. */
  replaying: boolean
  blockTimeSeconds: number | undefined
  /** The state file to load, when there is one. */
  statePath: string | null
}): string[] {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(o.port),
    '--chain-id',
    String(ANVIL_CHAIN_ID),
    '--gas-limit',
    String(o.gasLimit),
    // No dev accounts: nothing is unlocked (eth_accounts is empty), the signer is the folder's key.
    '--accounts',
    '0',
    // No browser page may call the node (its anvil_* methods need no key).
    '--no-cors',
    // Also what marks this node as the one of this folder (ChainFiles.takeOver reads it).
    '--cache-path',
    o.cachePath,
  ]
  if (o.replaying) args.push('--no-mining')
  else if (o.blockTimeSeconds !== undefined) args.push('--block-time', String(o.blockTimeSeconds))
  if (o.statePath) args.push('--load-state', o.statePath)
  return args
}

/** The binary of @foundry-rs/anvil for this platform. */
export function anvilBinaryPath(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  return join(projectRoot, 'node_modules', '@foundry-rs', `anvil-${process.platform}-${arch}`, 'bin', exe)
}
