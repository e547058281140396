import { AdapterError } from '../adapter-error.js'
import type { OwnershipChainPort } from './ownership-port.js'

export type Address = `0x${string}`
export type Hash = `0x${string}`

/** What `sendMintBatch` asks the contract to mint. */
export interface MintBatchInput {
  /** The id the batch must start at: the contract reverts unless it equals `nextTokenId()`. */
  expectedStartId: bigint
  /** 1 to `maxBatchSize` tokens. */
  quantity: number
  /** sha2-256 digest (32 bytes, not zero) of the batch's dag-pb metadata directory. */
  dirDigest: Hash
}

export interface SentMint {
  txHash: Hash
  nonce: number
}

export type MintOutcome =
  | { status: 'success'; blockNumber: bigint; startTokenId: bigint; quantity: number; gasUsed: bigint }
  | {
      status: 'reverted'
      blockNumber: bigint
      /** Human-readable, e.g. `StartIdMismatch(expected: 5, actual: 7)`. */
      reason: string
      /** The Solidity custom error's name (`StartIdMismatch`, `AccessControlUnauthorizedAccount`…), or null. */
      errorName: string | null
    }

/** A batch as recorded on chain. */
export interface MintedBatch {
  dirDigest: Hash
  quantity: number
  /** From the `BatchMinted` event; null when the node could not find the log (e.g. a pruned range). */
  txHash: Hash | null
  blockNumber: bigint | null
}

export type ChainHealth = { ok: true } | { ok: false; reason: string }

/**
 * The certificate contract on an EVM chain, seen from the service. Tokens are
 * minted to, and held by, the signer's custodial address.
 *
 * Every failure is an `AdapterError`: `retryable` is true for network errors,
 * timeouts and nonce races, false for reverts and invalid input. A call that the
 * contract rejects is a `ChainRevertError` (a non-retryable `AdapterError` that
 * carries the decoded revert reason).
 *
 * Exactly-once minting is the contract's job: `mintBatch` reverts with
 * `StartIdMismatch` unless the batch starts at `nextTokenId()`, so re-sending a
 * batch after a crash or a timeout can never mint it twice. After a crash, use
 * `findBatch(startTokenId)` to learn whether the batch made it.
 */
export interface ChainPort {
  readonly chainId: number
  readonly contractAddress: Address
  /** The signer's address; tokens are minted to it. */
  readonly custodian: Address
  /** Largest `quantity` the contract accepts in one batch. */
  readonly maxBatchSize: number
  /** Transfers, Transfer events, SIWE signatures and the history anchor (same signer, same queue). */
  readonly ownership: OwnershipChainPort

  /** The id the next minted token gets (1 before the first mint), from the latest block. */
  nextTokenId(): Promise<bigint>

  /**
   * Sends `mintBatch` and returns once the node accepted the transaction (not
   * mined). Calls are serialised internally (one nonce counter), so concurrent
   * callers are safe; send batches in `expectedStartId` order.
   *
   * The call is simulated first: one that would revert now is not sent and
   * throws a `ChainRevertError` (e.g. `StartIdMismatch` for a batch that is
   * already minted). A batch whose predecessors are still pending is accepted.
   */
  sendMintBatch(input: MintBatchInput): Promise<SentMint>

  /**
   * Waits for the receipt and `confirmations` blocks (1 = mined). A mined revert
   * is an outcome, not an error: `status: 'reverted'` with the decoded reason.
   * Throws a retryable `AdapterError` after `timeoutMs`.
   */
  waitForMint(txHash: Hash, confirmations: number, timeoutMs: number): Promise<MintOutcome>

  /**
   * Reconciliation after a crash: the batch that starts exactly at `startTokenId`,
   * from contract state (digest, quantity) and its `BatchMinted` event (tx, block),
   * or null when no batch starts there.
   */
  findBatch(startTokenId: bigint): Promise<MintedBatch | null>

  /**
   * Whether the node knows the transaction (mined or waiting in its pool). False after the
   * node lost it (a dropped transaction, an embedded node that crashed before saving it): it
   * will never be mined, so waiting for it is pointless; the next send re-reads the nonce.
   */
  transactionKnown(txHash: Hash): Promise<boolean>

  /**
   * Returns once a crash of the node can no longer undo block `blockNumber` (default: the
   * current head). A mint counts
   * only after this. For a public chain, the confirmations waited for are that promise (and
   * reconciliation covers a deeper reorg); the embedded node writes its state to disk.
   */
  makeDurable(blockNumber?: bigint): Promise<void>

  /** `ipfs://<directory CID>/<tokenId>`; a `ChainRevertError` for a nonexistent token. */
  tokenURI(tokenId: bigint): Promise<string>

  /** The current owner; a `ChainRevertError` for a nonexistent token. */
  ownerOf(tokenId: bigint): Promise<Address>

  /** The RPC answers on the expected chain, the contract has code, the signer may mint and has funds. */
  health(): Promise<ChainHealth>

  /** The node's latest block number (metrics: how far behind the chain the last mint is). */
  headBlock(): Promise<bigint>

  /** Releases the client (and, for the embedded chain, stops the node). Idempotent. */
  close(): Promise<void>
}

/** A contract call rejected by the EVM (at simulation or on chain): retrying the same call cannot help. */
export class ChainRevertError extends AdapterError {
  constructor(
    /** Human-readable, e.g. `StartIdMismatch(expected: 5, actual: 7)`. */
    readonly reason: string,
    /** The Solidity custom error's name, or null for `require` strings, panics and unknown data. */
    readonly errorName: string | null,
    options?: { cause?: unknown },
  ) {
    super(`contract call reverted: ${reason}`, false, options)
    this.name = 'ChainRevertError'
  }
}
