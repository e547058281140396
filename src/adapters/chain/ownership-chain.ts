import type { Logger } from 'pino'
import {
  type Abi,
  type AbiEvent,
  type Chain,
  encodeFunctionData,
  keccak256,
  type PrivateKeyAccount,
  type PublicClient,
  parseEventLogs,
  TransactionNotFoundError,
  type Transport,
  WaitForTransactionReceiptTimeoutError,
  type WalletClient,
} from 'viem'
import { AdapterError } from '../adapter-error.js'
import { describe, isNonceError, toAdapterError } from './chain-errors.js'
import type { ContractView } from './chain-history.js'
import type { SerialQueue } from './mint-sender.js'
import type {
  AnchorInput,
  CertificateTransferLog,
  OwnershipChainPort,
  ReceiptOutcome,
  SignedTransfer,
} from './ownership-port.js'
import type { Address, Hash } from './port.js'

const ZERO_ROOT = /^0x0{64}$/

export interface OwnershipChainParts {
  client: PublicClient<Transport, Chain>
  wallet: WalletClient<Transport, Chain, PrivateKeyAccount>
  certificate: { address: Address; abi: Abi }
  anchor: { address: Address; abi: Abi } | null
  /** The minter's queue: every send of the signer, one at a time. */
  queue: SerialQueue
  log: Logger
  pollingIntervalMs: number
}

/** `OwnershipChainPort` over viem, sharing the minter's signer and send queue. */
export class OwnershipChain implements OwnershipChainPort {
  private readonly transferEvent: AbiEvent
  private readonly parts: OwnershipChainParts

  constructor(
    view: ContractView,
    wallet: WalletClient<Transport, Chain, PrivateKeyAccount>,
    queue: SerialQueue,
    options: { anchor?: { address: Address; abi: Abi } | null; pollingIntervalMs: number },
  ) {
    const { client, address, abi, log } = view
    this.parts = {
      client,
      wallet,
      certificate: { address, abi },
      anchor: options.anchor ?? null,
      queue,
      log,
      pollingIntervalMs: options.pollingIntervalMs,
    }
    const event = abi.find((i) => i.type === 'event' && i.name === 'Transfer')
    if (event?.type !== 'event') throw new Error('the WarrantyCertificate ABI has no Transfer event')
    this.transferEvent = event
  }

  get anchorAddress(): Address | null {
    return this.parts.anchor?.address ?? null
  }

  signTransfer(tokenId: bigint, to: Address): Promise<SignedTransfer> {
    const { client, wallet, certificate, queue } = this.parts
    return queue.run(async () => {
      try {
        const from = wallet.account.address
        const request = await client.prepareTransactionRequest({
          account: wallet.account,
          to: certificate.address,
          data: encodeSafeTransfer(certificate.abi, from, to, tokenId),
          nonce: await client.getTransactionCount({ address: from, blockTag: 'pending' }),
        })
        const rawTx = await wallet.signTransaction(request as Parameters<typeof wallet.signTransaction>[0])
        return { rawTx, txHash: keccak256(rawTx), nonce: request.nonce }
      } catch (err) {
        throw toAdapterError(err, 'signing safeTransferFrom', certificate.abi)
      }
    })
  }

  broadcast(rawTx: `0x${string}`): Promise<'sent' | 'known' | 'nonce_used'> {
    const { client, queue, certificate } = this.parts
    return queue.run(async () => {
      try {
        await client.sendRawTransaction({ serializedTransaction: rawTx })
        return 'sent'
      } catch (err) {
        const text = describe(err).toLowerCase()
        if (text.includes('already known') || text.includes('already imported')) return 'known'
        if (isNonceError(err)) return 'nonce_used'
        throw toAdapterError(err, 'broadcasting a transfer', certificate.abi)
      }
    })
  }

  async transactionKnown(txHash: Hash): Promise<boolean> {
    try {
      await this.parts.client.getTransaction({ hash: txHash })
      return true
    } catch (err) {
      if (err instanceof TransactionNotFoundError) return false
      throw toAdapterError(err, `looking up ${txHash}`, this.parts.certificate.abi)
    }
  }

  async receipt(txHash: Hash, confirmations: number, timeoutMs: number): Promise<ReceiptOutcome> {
    try {
      const r = await this.parts.client.waitForTransactionReceipt({
        hash: txHash,
        confirmations,
        timeout: timeoutMs,
        pollingInterval: this.parts.pollingIntervalMs,
      })
      return r.status === 'success'
        ? { status: 'success', blockNumber: r.blockNumber, gasUsed: r.gasUsed }
        : { status: 'reverted', blockNumber: r.blockNumber }
    } catch (err) {
      if (err instanceof WaitForTransactionReceiptTimeoutError) return { status: 'unknown' }
      throw toAdapterError(err, `waiting for ${txHash}`, this.parts.certificate.abi)
    }
  }

  async transferLogs(fromBlock: bigint, toBlock: bigint): Promise<CertificateTransferLog[]> {
    const { client, certificate } = this.parts
    try {
      const logs = await client.getLogs({ address: certificate.address, fromBlock, toBlock })
      return parseEventLogs({ abi: [this.transferEvent], logs }).flatMap((l) => {
        const args = l.args as { from?: Address; to?: Address; tokenId?: bigint }
        if (args.tokenId === undefined || !args.from || !args.to || l.blockHash === null) return []
        return [
          {
            tokenId: args.tokenId,
            from: args.from,
            to: args.to,
            blockNumber: l.blockNumber,
            blockHash: l.blockHash,
            txHash: l.transactionHash,
            logIndex: l.logIndex,
          },
        ]
      })
    } catch (err) {
      throw toAdapterError(err, 'reading Transfer events', certificate.abi)
    }
  }

  async blockHash(blockNumber: bigint): Promise<Hash | null> {
    try {
      const block = await this.parts.client.getBlock({ blockNumber })
      return block.hash
    } catch (err) {
      if (describe(err).toLowerCase().includes('could not be found')) return null
      throw toAdapterError(err, `reading block ${blockNumber}`, this.parts.certificate.abi)
    }
  }

  async ownerAt(tokenId: bigint, blockNumber?: bigint): Promise<Address> {
    const { client, certificate } = this.parts
    try {
      return (await client.readContract({
        address: certificate.address,
        abi: certificate.abi,
        functionName: 'ownerOf',
        args: [tokenId],
        ...(blockNumber === undefined ? {} : { blockNumber }),
      })) as Address
    } catch (err) {
      throw toAdapterError(err, 'calling ownerOf', certificate.abi)
    }
  }

  async verifyMessage(address: Address, message: string, signature: `0x${string}`): Promise<boolean> {
    try {
      return await this.parts.client.verifyMessage({ address, message, signature })
    } catch (err) {
      const adapterError = toAdapterError(err, 'verifying a signature', this.parts.certificate.abi)
      if (adapterError.retryable) throw adapterError
      return false
    }
  }

  async nextAnchorSeq(): Promise<bigint> {
    return (await this.readAnchor('nextSeq', [])) as bigint
  }

  async anchorRoot(seq: bigint): Promise<Hash | null> {
    const root = (await this.readAnchor('rootOf', [seq])) as Hash
    return ZERO_ROOT.test(root) ? null : root
  }

  sendAnchor(input: AnchorInput): Promise<Hash> {
    const { client, wallet, queue } = this.parts
    const anchor = this.requireAnchor()
    const args = [input.seq, input.root, BigInt(input.count), input.manifestDigest] as const
    return queue.run(async () => {
      try {
        const { request } = await client.simulateContract({
          address: anchor.address,
          abi: anchor.abi,
          functionName: 'anchor',
          args,
          account: wallet.account,
        })
        const nonce = await client.getTransactionCount({
          address: wallet.account.address,
          blockTag: 'pending',
        })
        return await wallet.writeContract({ ...request, nonce })
      } catch (err) {
        throw toAdapterError(err, 'sending anchor', anchor.abi)
      }
    })
  }

  private requireAnchor(): { address: Address; abi: Abi } {
    const { anchor } = this.parts
    if (!anchor) throw new AdapterError('no ServiceHistoryAnchor contract is configured', false)
    return anchor
  }

  private async readAnchor(functionName: string, args: readonly unknown[]): Promise<unknown> {
    const anchor = this.requireAnchor()
    try {
      return await this.parts.client.readContract({
        address: anchor.address,
        abi: anchor.abi,
        functionName,
        args,
      })
    } catch (err) {
      throw toAdapterError(err, `calling ${functionName}`, anchor.abi)
    }
  }
}

function encodeSafeTransfer(abi: Abi, from: Address, to: Address, tokenId: bigint): `0x${string}` {
  return encodeFunctionData({ abi, functionName: 'safeTransferFrom', args: [from, to, tokenId] })
}
