import type { Logger } from 'pino'
import {
  type Abi,
  type AbiEvent,
  type Chain,
  type PrivateKeyAccount,
  type PublicClient,
  parseEventLogs,
  TransactionNotFoundError,
  type TransactionReceipt,
  type Transport,
  WaitForTransactionReceiptTimeoutError,
  type WalletClient,
} from 'viem'
import { AdapterError } from '../adapter-error.js'
import { describe, toAdapterError } from './chain-errors.js'
import { type ContractView, findBatchEvent, revertReasonOf } from './chain-history.js'
import { type MintArgs, MintSender } from './mint-sender.js'
import { OwnershipChain } from './ownership-chain.js'
import type {
  Address,
  ChainHealth,
  ChainPort,
  Hash,
  MintBatchInput,
  MintedBatch,
  MintOutcome,
  SentMint,
} from './port.js'

export interface EvmChainOptions {
  /** Any JSON-RPC endpoint: http(s):// or ws(s)://. */
  rpcUrl: string
  /** The custodial signer: needs MINTER_ROLE on the contract and funds for gas. */
  privateKey: `0x${string}`
  contractAddress: Address
  logger: Logger
  /** How often to poll for receipts and blocks; default 1000 ms (use ~50 ms for a local node). */
  pollingIntervalMs?: number
  /** Per RPC request; default 15 s. */
  requestTimeoutMs?: number
  /** Gas limit = estimate + this percentage; default 20. */
  gasHeadroomPercent?: number
  /** Blocks per eth_getLogs request when looking for a batch's event; default 10,000 (a common provider cap). */
  logSearchWindow?: bigint
  /** How many windows back from the head `findBatch` searches; default 50. */
  logSearchMaxWindows?: number
  /** health() fails below `gas price × this`; default 500,000 gas (more than a batch of 100 costs). */
  minBalanceGas?: bigint
  /** Run by close(), e.g. to stop an embedded node. */
  onClose?: () => Promise<void>
  /** What makes a block safe from a crash of the node (the embedded node saves its state). */
  makeDurable?: (blockNumber?: bigint) => Promise<void>
  /** The ServiceHistoryAnchor contract, if any. */
  anchorAddress?: Address | null
}

const ZERO_DIGEST = /^0x0{64}$/
const DIGEST = /^0x[0-9a-fA-F]{64}$/

/**
 * `ChainPort` over any JSON-RPC node with viem: reads through the public client,
 * mints through a MintSender (one local signer, serialised sends, our own nonce
 * counter, re-synced after receipt timeouts and RPC failures).
 */
export class EvmChain implements ChainPort {
  private closed = false
  private readonly batchMinted: AbiEvent
  private readonly sender: MintSender
  private readonly view: ContractView
  readonly ownership: OwnershipChain

  constructor(
    readonly chainId: number,
    readonly contractAddress: Address,
    readonly maxBatchSize: number,
    /** First block worth searching for events. */
    readonly deployedAtBlock: bigint,
    private readonly abi: Abi,
    private readonly client: PublicClient<Transport, Chain>,
    private readonly wallet: WalletClient<Transport, Chain, PrivateKeyAccount>,
    private readonly log: Logger,
    private readonly options: Required<
      Pick<
        EvmChainOptions,
        | 'pollingIntervalMs'
        | 'gasHeadroomPercent'
        | 'logSearchWindow'
        | 'logSearchMaxWindows'
        | 'minBalanceGas'
      >
    > &
      Pick<EvmChainOptions, 'onClose' | 'makeDurable'> & { anchor?: { address: Address; abi: Abi } | null },
  ) {
    const event = abi.find((item) => item.type === 'event' && item.name === 'BatchMinted')
    if (event?.type !== 'event') throw new Error('the WarrantyCertificate ABI has no BatchMinted event')
    this.batchMinted = event
    this.sender = new MintSender(client, wallet, contractAddress, abi, log, options.gasHeadroomPercent)
    this.view = { client, address: contractAddress, abi, log }
    this.ownership = new OwnershipChain(this.view, wallet, this.sender.queue, options)
  }

  get custodian(): Address {
    return this.wallet.account.address
  }

  headBlock(): Promise<bigint> {
    return this.client.getBlockNumber({ cacheTime: 0 })
  }

  async nextTokenId(): Promise<bigint> {
    return this.readBigint('nextTokenId', [])
  }

  async sendMintBatch(input: MintBatchInput): Promise<SentMint> {
    this.assertOpen()
    return await this.sender.send(input, this.mintArgs(input))
  }

  async waitForMint(txHash: Hash, confirmations: number, timeoutMs: number): Promise<MintOutcome> {
    this.assertOpen()
    let receipt: TransactionReceipt
    try {
      receipt = await this.client.waitForTransactionReceipt({
        hash: txHash,
        confirmations,
        timeout: timeoutMs,
        pollingInterval: this.options.pollingIntervalMs,
      })
    } catch (err) {
      if (err instanceof WaitForTransactionReceiptTimeoutError) {
        // A dropped transaction or a nonce gap (e.g. a node that lost its last blocks) looks like this.
        this.sender.resyncNonce()
        throw new AdapterError(
          `no receipt for ${txHash} with ${confirmations} confirmations after ${timeoutMs} ms`,
          true,
          {
            cause: err,
          },
        )
      }
      throw toAdapterError(err, `waiting for ${txHash}`, this.abi)
    }
    if (receipt.status === 'reverted') {
      const revert = await revertReasonOf(this.view, receipt)
      this.log.warn({ txHash, blockNumber: receipt.blockNumber, reason: revert.reason }, 'mintBatch reverted')
      return { status: 'reverted', blockNumber: receipt.blockNumber, ...revert }
    }
    const [event] = parseEventLogs({
      abi: [this.batchMinted],
      logs: receipt.logs.filter((l) => l.address.toLowerCase() === this.contractAddress.toLowerCase()),
    })
    const args = event?.args as { startTokenId?: bigint; quantity?: bigint } | undefined
    if (args?.startTokenId === undefined || args.quantity === undefined) {
      throw new AdapterError(
        `transaction ${txHash} succeeded but is not a mintBatch of ${this.contractAddress}`,
        false,
      )
    }
    return {
      status: 'success',
      blockNumber: receipt.blockNumber,
      gasUsed: receipt.gasUsed,
      startTokenId: args.startTokenId,
      quantity: Number(args.quantity),
    }
  }

  async transactionKnown(txHash: Hash): Promise<boolean> {
    this.assertOpen()
    try {
      await this.client.getTransaction({ hash: txHash })
      return true
    } catch (err) {
      if (err instanceof TransactionNotFoundError) {
        this.sender.resyncNonce()
        return false
      }
      throw toAdapterError(err, `looking up ${txHash}`, this.abi)
    }
  }

  async makeDurable(blockNumber?: bigint): Promise<void> {
    await this.options.makeDurable?.(blockNumber)
  }

  async findBatch(startTokenId: bigint): Promise<MintedBatch | null> {
    const result = await this.read('batchAt', [startTokenId])
    const [dirDigest, quantity] = result as readonly [Hash, bigint]
    if (ZERO_DIGEST.test(dirDigest)) return null
    const located = await findBatchEvent(this.view, {
      event: this.batchMinted,
      startTokenId,
      fromBlock: this.deployedAtBlock,
      window: this.options.logSearchWindow,
      maxWindows: this.options.logSearchMaxWindows,
    })
    return {
      dirDigest,
      quantity: Number(quantity),
      txHash: located?.txHash ?? null,
      blockNumber: located?.blockNumber ?? null,
    }
  }

  async tokenURI(tokenId: bigint): Promise<string> {
    const uri = await this.read('tokenURI', [tokenId])
    if (typeof uri !== 'string') throw new AdapterError('tokenURI returned no string', false)
    return uri
  }

  async ownerOf(tokenId: bigint): Promise<Address> {
    const owner = await this.read('ownerOf', [tokenId])
    if (typeof owner !== 'string') throw new AdapterError('ownerOf returned no address', false)
    return owner as Address
  }

  async health(): Promise<ChainHealth> {
    if (this.closed) return { ok: false, reason: 'chain adapter is closed' }
    try {
      const minterRole = await this.read('MINTER_ROLE', [])
      const [chainId, code, balance, gasPrice, isMinter] = await Promise.all([
        this.client.getChainId(),
        this.client.getCode({ address: this.contractAddress }),
        this.client.getBalance({ address: this.custodian }),
        this.client.getGasPrice(),
        this.read('hasRole', [minterRole, this.custodian]),
      ])
      if (chainId !== this.chainId)
        return { ok: false, reason: `RPC is on chain ${chainId}, expected ${this.chainId}` }
      if (!code || code === '0x') return { ok: false, reason: `no contract code at ${this.contractAddress}` }
      if (isMinter !== true) return { ok: false, reason: `signer ${this.custodian} lacks MINTER_ROLE` }
      const needed = gasPrice * this.options.minBalanceGas
      if (balance < needed) {
        return {
          ok: false,
          reason: `signer ${this.custodian} has ${balance} wei, below ${needed} wei for one batch`,
        }
      }
      return { ok: true }
    } catch (err) {
      this.sender.resyncNonce()
      return { ok: false, reason: `chain RPC failed: ${describe(err)}` }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.options.onClose?.()
  }

  private assertOpen(): void {
    if (this.closed) throw new AdapterError('chain adapter is closed', false)
  }

  private mintArgs(input: MintBatchInput): MintArgs {
    const { expectedStartId, quantity, dirDigest } = input
    if (typeof expectedStartId !== 'bigint' || expectedStartId < 1n) {
      throw new AdapterError(`expectedStartId must be a bigint ≥ 1, got ${String(expectedStartId)}`, false)
    }
    if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > this.maxBatchSize) {
      throw new AdapterError(
        `quantity must be an integer from 1 to ${this.maxBatchSize}, got ${quantity}`,
        false,
      )
    }
    if (!DIGEST.test(dirDigest) || ZERO_DIGEST.test(dirDigest)) {
      throw new AdapterError(`dirDigest must be 32 non-zero bytes in hex, got ${dirDigest}`, false)
    }
    return [this.custodian, expectedStartId, BigInt(quantity), dirDigest]
  }

  private async read(functionName: string, args: readonly unknown[]): Promise<unknown> {
    this.assertOpen()
    try {
      return await this.client.readContract({
        address: this.contractAddress,
        abi: this.abi,
        functionName,
        args,
      })
    } catch (err) {
      throw toAdapterError(err, `calling ${functionName}`, this.abi)
    }
  }

  private async readBigint(functionName: string, args: readonly unknown[]): Promise<bigint> {
    const value = await this.read(functionName, args)
    if (typeof value !== 'bigint') throw new AdapterError(`${functionName} returned no integer`, false)
    return value
  }
}
