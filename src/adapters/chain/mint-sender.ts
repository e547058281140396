import type { Logger } from 'pino'
import type { Abi, Chain, PrivateKeyAccount, PublicClient, Transport, WalletClient } from 'viem'
import { decodeRevert, describe, isNonceError, toAdapterError } from './chain-errors.js'
import type { Address, Hash, MintBatchInput, SentMint } from './port.js'

export type MintArgs = readonly [to: Address, expectedStartId: bigint, quantity: bigint, dirDigest: Hash]

/** Runs async tasks one at a time, in call order. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task)
    this.tail = result.catch(() => undefined)
    return result
  }
}

/**
 * Sends `mintBatch` transactions from one local signer, one at a time, with
 * nonces counted here: initialised from the node's pending count and read again
 * after any failure that may have left the count wrong.
 */
export class MintSender {
  /** Every send of this signer goes through it (mints, transfers, anchors): one nonce at a time. */
  readonly queue = new SerialQueue()
  private nextNonce: number | null = null

  constructor(
    private readonly client: PublicClient<Transport, Chain>,
    private readonly wallet: WalletClient<Transport, Chain, PrivateKeyAccount>,
    private readonly contractAddress: Address,
    private readonly abi: Abi,
    private readonly log: Logger,
    private readonly gasHeadroomPercent: number,
  ) {}

  /** Ask the node for the nonce before the next send (after timeouts, node restarts, RPC failures). */
  resyncNonce(): void {
    this.nextNonce = null
  }

  send(input: MintBatchInput, args: MintArgs): Promise<SentMint> {
    return this.queue.run(async () => {
      const gas = await this.estimateGas(input, args)
      for (let attempt = 1; ; attempt++) {
        const nonce = await this.takeNonce()
        try {
          const txHash = await this.wallet.writeContract({
            address: this.contractAddress,
            abi: this.abi,
            functionName: 'mintBatch',
            args,
            gas,
            nonce,
          })
          this.nextNonce = nonce + 1
          this.log.debug(
            { txHash, nonce, gas, expectedStartId: input.expectedStartId, quantity: input.quantity },
            'mintBatch sent',
          )
          return { txHash, nonce }
        } catch (err) {
          // The node may or may not have taken the nonce (a timeout after it did): ask it again.
          this.nextNonce = null
          if (isNonceError(err) && attempt < 3) {
            this.log.warn({ nonce, err: describe(err) }, 'nonce rejected, re-syncing from the node')
            continue
          }
          throw toAdapterError(err, 'sending mintBatch', this.abi)
        }
      }
    })
  }

  /**
   * The node's pending count, read before every send (one call per batch): a node that lost
   * transactions (an embedded node restored from its saved state, a dropped transaction)
   * would otherwise be sent a nonce past a gap, which it holds forever. The node's count wins;
   * one lower than ours is logged (a node behind a load balancer may lag, and a reused nonce
   * is then refused and retried).
   */
  private async takeNonce(): Promise<number> {
    let onNode: number
    try {
      onNode = await this.client.getTransactionCount({
        address: this.wallet.account.address,
        blockTag: 'pending',
      })
    } catch (err) {
      throw toAdapterError(err, 'reading the signer nonce', this.abi)
    }
    if (this.nextNonce !== null && onNode < this.nextNonce) {
      this.log.warn(
        { expected: this.nextNonce, onNode },
        'the node lost sent transactions: nonce taken from the node',
      )
    }
    this.nextNonce = onNode
    return onNode
  }

  /**
   * Gas limit = estimate + headroom, simulated on one pinned block: nodes differ
   * in what a default or "pending" estimate sees (anvil: the pool, geth: the
   * latest block). A batch sent right after others that are not mined yet cannot
   * be simulated as is (the next id is still behind), so when the signer has
   * unmined transactions at that block it is estimated as if it started at the
   * block's next id: the cost is the same. Any other revert is thrown as a
   * ChainRevertError and nothing is sent.
   */
  private async estimateGas(input: MintBatchInput, args: MintArgs): Promise<bigint> {
    let blockNumber: bigint
    try {
      blockNumber = await this.client.getBlockNumber()
    } catch (err) {
      throw toAdapterError(err, 'reading the block number', this.abi)
    }
    const estimate = (a: MintArgs) =>
      this.client.estimateContractGas({
        address: this.contractAddress,
        abi: this.abi,
        functionName: 'mintBatch',
        args: a,
        account: this.wallet.account,
        blockNumber,
      })
    let gas: bigint
    try {
      gas = await estimate(args)
    } catch (err) {
      const revert = decodeRevert(err, this.abi)
      const actual = revert?.errorName === 'StartIdMismatch' ? revert.args[1] : undefined
      if (
        typeof actual !== 'bigint' ||
        actual >= input.expectedStartId ||
        !(await this.hasUnminedSends(blockNumber))
      ) {
        throw toAdapterError(err, 'simulating mintBatch', this.abi)
      }
      try {
        gas = await estimate([args[0], actual, args[2], args[3]])
      } catch (retryErr) {
        throw toAdapterError(retryErr, 'simulating mintBatch', this.abi)
      }
    }
    return gas + (gas * BigInt(this.gasHeadroomPercent)) / 100n
  }

  private async hasUnminedSends(blockNumber: bigint): Promise<boolean> {
    const next = await this.takeNonce()
    try {
      const mined = await this.client.getTransactionCount({
        address: this.wallet.account.address,
        blockNumber,
      })
      return mined < next
    } catch (err) {
      throw toAdapterError(err, 'reading the signer nonce', this.abi)
    }
  }
}
