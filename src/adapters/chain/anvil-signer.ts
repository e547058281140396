import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { AdapterError } from '../adapter-error.js'
import { ANVIL_DEV_PRIVATE_KEY } from './anvil-deployment.js'
import { anvilRpc } from './anvil-rpc.js'

type Hex = `0x${string}`

/** `<dataDir>/chain/signer.key`: the embedded chain's custodial key, private to the service (0600). */
export const SIGNER_KEY_FILE = 'signer.key'
/** What the signer is topped up to at each start of the node (it pays gas only). */
const FUNDS_WEI = 10n ** 22n // 10,000 ETH

/**
 * The key the embedded chain deploys and mints with (docs/security.md#files-under-data_dir):
 * - the one in `chain/signer.key`;
 * - else, on a folder whose contract was deployed before keys were generated (deployment.json
 *   but no key file), anvil's dev account #0: the contract's admin and minter roles, the
 *   history anchor's anchorer and the custodian's certificates are all tied to it, so that
 *   folder keeps it (recorded in the key file, with a warning); the node still has no unlocked
 *   accounts. A fresh chain folder moves off it;
 * - else a fresh key, generated for this folder.
 * `preferred` (tests, benches) writes that key for a folder that has none yet.
 */
export async function loadSignerKey(chainDir: string, log: Logger, preferred?: Hex): Promise<Hex> {
  const path = join(chainDir, SIGNER_KEY_FILE)
  if (existsSync(path)) {
    const key = (await readFile(path, 'utf8')).trim()
    if (!/^0x[0-9a-fA-F]{64}$/.test(key))
      throw new AdapterError(`${path} does not hold a 32-byte hex private key`, false)
    return key as Hex
  }
  const legacy = existsSync(join(chainDir, 'deployment.json'))
  const key = preferred ?? (legacy ? ANVIL_DEV_PRIVATE_KEY : generatePrivateKey())
  if (legacy && key === ANVIL_DEV_PRIVATE_KEY && !preferred)
    log.warn(
      { chainDir },
      'this chain folder was deployed with the public anvil dev key #0 and keeps it (its roles and certificates are tied to it); start on a fresh chain folder for a private key',
    )
  await writeFile(path, `${key}\n`, { mode: 0o600, flag: 'wx' })
  return key
}

/** Gives the signer enough for gas (anvil has no funded accounts of its own: `--accounts 0`). */
export async function fundSigner(rpcUrl: string, address: Hex): Promise<void> {
  const balance = BigInt((await anvilRpc(rpcUrl, 'eth_getBalance', [address, 'latest'])) as string)
  if (balance < FUNDS_WEI / 10n)
    await anvilRpc(rpcUrl, 'anvil_setBalance', [address, `0x${FUNDS_WEI.toString(16)}`])
}

/**
 * The signer's address. The first key derivation in a process computes the curve's tables
 * (~0.1 s of CPU): done while anvil starts, not after it answers.
 */
export function signerAddress(key: Hex): Hex {
  return privateKeyToAccount(key).address
}
