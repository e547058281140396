type Address = `0x${string}`
type Hash = `0x${string}`

/** One `Transfer` event of the certificate contract. */
export interface CertificateTransferLog {
  tokenId: bigint
  from: Address
  to: Address
  blockNumber: bigint
  blockHash: Hash
  txHash: Hash
  logIndex: number
}

/** A transfer signed but maybe not sent: what the service records before it broadcasts. */
export interface SignedTransfer {
  rawTx: `0x${string}`
  txHash: Hash
  nonce: number
}

export type ReceiptOutcome =
  | { status: 'success'; blockNumber: bigint; gasUsed: bigint }
  | { status: 'reverted'; blockNumber: bigint }
  | { status: 'unknown' }

/** What `anchor` of the ServiceHistoryAnchor contract is asked to record. */
export interface AnchorInput {
  seq: bigint
  root: Hash
  count: number
  manifestDigest: Hash
}

/**
 * Ownership of certificates on chain, beside minting (`ChainPort`): transfers out of the
 * custodial address, the contract's `Transfer` events, Sign-In with Ethereum signatures
 * (EIP-1271 smart contract wallets included) and the service-history anchor contract.
 * Failures are `AdapterError`s like the rest of the chain port.
 */
export interface OwnershipChainPort {
  /** The ServiceHistoryAnchor contract, or null when none is configured (history not anchored). */
  readonly anchorAddress: Address | null
  /**
   * Signs `safeTransferFrom(custodian, to, tokenId)` at the signer's next nonce without sending
   * it: the caller records the hash, then broadcasts the very same bytes (a re-broadcast after a
   * crash can never execute twice: one nonce).
   */
  signTransfer(tokenId: bigint, to: Address): Promise<SignedTransfer>
  /** Sends signed bytes; `nonce_used` when the nonce went to another transaction (this one is dead). */
  broadcast(rawTx: `0x${string}`): Promise<'sent' | 'known' | 'nonce_used'>
  /** Whether the node knows a transaction (mined, or waiting in its pool). */
  transactionKnown(txHash: Hash): Promise<boolean>
  /** The receipt once mined with `confirmations`, or `unknown` when none came within `timeoutMs`. */
  receipt(txHash: Hash, confirmations: number, timeoutMs: number): Promise<ReceiptOutcome>
  /** The certificate contract's `Transfer` events in a block range (both ends included). */
  transferLogs(fromBlock: bigint, toBlock: bigint): Promise<CertificateTransferLog[]>
  /** A block's hash, or null when the node has no such block. */
  blockHash(blockNumber: bigint): Promise<Hash | null>
  /** The owner of a token at a block (default latest). */
  ownerAt(tokenId: bigint, blockNumber?: bigint): Promise<Address>
  /** Whether `signature` is `address`'s signature of `message` (EOA, EIP-1271 or EIP-6492). */
  verifyMessage(address: Address, message: string, signature: `0x${string}`): Promise<boolean>
  /** The anchor contract's next sequence number. */
  nextAnchorSeq(): Promise<bigint>
  /** The root anchored at `seq`, or null. */
  anchorRoot(seq: bigint): Promise<Hash | null>
  /** Sends `anchor(...)` (simulated first: a revert throws a ChainRevertError and nothing is sent). */
  sendAnchor(input: AnchorInput): Promise<Hash>
}
