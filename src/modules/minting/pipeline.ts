import { CID } from 'multiformats/cid'
import type { Logger } from 'pino'
import type { ChainPort, MintedBatch } from '../../adapters/chain/index.js'
import type { PinningPort } from '../../adapters/pinning/index.js'
import type { MintingSettings } from '../../config/minting.js'
import type { Db } from '../../db/client.js'
import type { MintBatchRow } from '../../db/schema/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'

/** What every part of the minting pipeline works with. */
export interface PipelineDeps {
  db: Db
  chain: ChainPort
  pinning: PinningPort
  logger: Logger
  /** As config reads them (src/config/minting.ts). */
  settings: MintingSettings
  /** The GS1 Digital Link resolver's base (PUBLIC_API_URL): the product's link in the metadata. */
  publicApiUrl: string
  /** Told when a batch counts as minted (Prometheus); optional so that tests may leave it out. */
  metrics?: { batchMinted(latenciesSeconds: readonly number[], gasUsed: bigint | null): void }
  /** Merchants' webhooks: `warranty.minted` / `mint_failed`, in the recording transaction. */
  events?: WarrantyEvents
}

/** How a batch ended: its warranties minted, failed, or handed back to pending. */
export type Outcome = 'minted' | 'failed' | 'requeued'

/** The 32-byte sha2-256 digest of a CIDv1 as 0x-hex (what the contract stores). */
export function dirDigest(cid: string): `0x${string}` {
  return `0x${Buffer.from(CID.parse(cid).multihash.digest).toString('hex')}`
}

/** The chain's record names this batch's metadata directory. */
export function sameDirectory(onChain: MintedBatch | null, batch: MintBatchRow): onChain is MintedBatch {
  return onChain?.dirDigest.toLowerCase() === dirDigest(batch.metadataDirCid)
}

/** The chain's record is this batch: the same directory and quantity. */
export function sameBatch(onChain: MintedBatch | null, batch: MintBatchRow): onChain is MintedBatch {
  return sameDirectory(onChain, batch) && onChain.quantity === batch.quantity
}
