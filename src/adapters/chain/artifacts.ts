import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Abi, Hex } from 'viem'
import {
  type ArtifactFile,
  artifactsDir,
  contractsSourceDir,
  ensureContractsCompiled,
} from './solidity-compiler.js'

/** A compiled contract as read from build/contracts/<name>.json, with viem types. */
export interface ContractArtifact extends Omit<ArtifactFile, 'abi'> {
  abi: Abi
  bytecode: Hex
  deployedBytecode: Hex
}

export type ContractName =
  | 'WarrantyCertificate'
  | 'UriStorageCertificate'
  | 'ServiceHistoryAnchor'
  | 'TestSmartWallet'

const cache = new Map<string, Promise<ContractArtifact>>()

async function read(name: ContractName): Promise<ContractArtifact> {
  // With the sources at hand, make sure the artifact is not older than they are
  // (a no-op of a few ms when it is current). A deployment that ships only
  // build/ and dist/ uses the artifacts as they are.
  if (existsSync(contractsSourceDir())) await ensureContractsCompiled()
  const path = join(artifactsDir(), `${name}.json`)
  let parsed: Partial<ArtifactFile>
  try {
    parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<ArtifactFile>
  } catch (err) {
    throw new Error(`contract artifact ${path} is missing or unreadable: run npm run contracts:compile`, {
      cause: err,
    })
  }
  if (
    parsed.contractName !== name ||
    !Array.isArray(parsed.abi) ||
    !/^0x[0-9a-f]+$/i.test(parsed.bytecode ?? '') ||
    !/^0x[0-9a-f]*$/i.test(parsed.deployedBytecode ?? '')
  ) {
    throw new Error(`contract artifact ${path} is malformed: delete build/ and run npm run contracts:compile`)
  }
  return parsed as ContractArtifact
}

/**
 * Loads a compiled contract, compiling the sources first when the artifact is
 * missing or stale. Cached per process.
 */
export function loadArtifact(name: ContractName): Promise<ContractArtifact> {
  let pending = cache.get(name)
  if (pending === undefined) {
    pending = read(name)
    cache.set(name, pending)
    pending.catch(() => cache.delete(name))
  }
  return pending
}
