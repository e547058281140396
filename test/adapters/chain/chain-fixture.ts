import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CID } from 'multiformats/cid'
import * as Digest from 'multiformats/hashes/digest'
import { type Logger, pino } from 'pino'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  ANVIL_DEV_PRIVATE_KEY,
  ANVIL_DEV_PRIVATE_KEY_2,
  type AnvilOptions,
  AnvilSupervisor,
  type Deployment,
} from '../../../src/adapters/chain/anvil.js'
import { anvilRpc } from '../../../src/adapters/chain/anvil-rpc.js'

export const silentLogger: Logger = pino({ level: 'silent' })

/** A logger that keeps every record, to assert on warnings. */
export function recordingLogger(): { logger: Logger; records: { level: number; msg: string }[] } {
  const records: { level: number; msg: string }[] = []
  const logger = pino(
    { level: 'trace' },
    {
      write(line: string) {
        const { level, msg } = JSON.parse(line) as { level: number; msg: string }
        if (level >= 30) records.push({ level, msg })
      },
    },
  )
  return { logger, records }
}

export interface TestChain {
  dataDir: string
  node: AnvilSupervisor
  deployment: Deployment
  /** Stops the node and deletes its data dir. */
  close(): Promise<void>
}

/** A fresh anvil in a temporary data dir, with the certificate contract deployed. */
export async function startTestChain(options: Partial<AnvilOptions> = {}): Promise<TestChain> {
  const dataDir = await mkdtemp(join(tmpdir(), 'warranty-chain-'))
  const node = new AnvilSupervisor({
    logger: silentLogger,
    signerKey: ANVIL_DEV_PRIVATE_KEY,
    ...options,
    dataDir,
  })
  try {
    await node.start()
    // anvil runs without dev accounts (`--accounts 0`): "someone else" (dev key #1) gets funds for gas.
    const other = privateKeyToAccount(ANVIL_DEV_PRIVATE_KEY_2).address
    await anvilRpc(node.rpcUrl, 'anvil_setBalance', [other, `0x${(10n ** 22n).toString(16)}`])
    const deployment = await node.ensureDeployment()
    return {
      dataDir,
      node,
      deployment,
      async close() {
        await node.stop()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  } catch (err) {
    await node.stop()
    await rm(dataDir, { recursive: true, force: true })
    throw err
  }
}

/** A realistic directory digest: sha2-256 of some bytes. */
export function digestOf(label: string): Hex {
  return `0x${createHash('sha256').update(label).digest('hex')}`
}

export function randomDigest(): Hex {
  return `0x${randomBytes(32).toString('hex')}`
}

/** The CIDv1 (dag-pb, sha2-256) string of a directory digest, computed independently with multiformats. */
export function directoryCid(digest: Hex): string {
  const bytes = Uint8Array.from(Buffer.from(digest.slice(2), 'hex'))
  return CID.createV1(0x70, Digest.create(0x12, bytes)).toString()
}
