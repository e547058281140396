import type { Logger } from 'pino'
import {
  type Abi,
  type AbiEvent,
  type Chain,
  decodeFunctionData,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
} from 'viem'
import { decodeRevert, describe } from './chain-errors.js'
import type { Address, Hash } from './port.js'

/** What these reads need to know about the contract. */
export interface ContractView {
  client: PublicClient<Transport, Chain>
  address: Address
  abi: Abi
  log: Logger
}

/**
 * The reason a mined transaction reverted, found by replaying its call at its
 * block (nodes do not keep revert data in receipts).
 */
export async function revertReasonOf(
  view: ContractView,
  receipt: TransactionReceipt,
): Promise<{ reason: string; errorName: string | null }> {
  try {
    const tx = await view.client.getTransaction({ hash: receipt.transactionHash })
    if (receipt.gasUsed >= tx.gas) return { reason: `out of gas (gas limit ${tx.gas})`, errorName: null }
    const { functionName, args } = decodeFunctionData({ abi: view.abi, data: tx.input })
    await view.client.simulateContract({
      address: view.address,
      abi: view.abi,
      functionName,
      args,
      account: tx.from,
      blockNumber: receipt.blockNumber,
    })
    return { reason: 'reverted (the replay at its block succeeded: reason unknown)', errorName: null }
  } catch (err) {
    const revert = decodeRevert(err, view.abi)
    if (revert) return { reason: revert.reason, errorName: revert.errorName }
    return { reason: `reverted (reason unavailable: ${describe(err)})`, errorName: null }
  }
}

/**
 * The transaction and block of the `BatchMinted` event of the batch starting at
 * `startTokenId`: newest blocks first, window by window (providers cap
 * eth_getLogs ranges), since a batch being reconciled is usually recent. Null
 * when not found in the searched range or when the node refuses the search.
 */
export async function findBatchEvent(
  view: ContractView,
  search: { event: AbiEvent; startTokenId: bigint; fromBlock: bigint; window: bigint; maxWindows: number },
): Promise<{ txHash: Hash; blockNumber: bigint } | null> {
  const { event, startTokenId, fromBlock, window, maxWindows } = search
  try {
    let to = await view.client.getBlockNumber()
    for (let i = 0; i < maxWindows && to >= fromBlock; i++) {
      const from = to - window + 1n > fromBlock ? to - window + 1n : fromBlock
      const logs = await view.client.getLogs({
        address: view.address,
        event,
        args: { startTokenId },
        fromBlock: from,
        toBlock: to,
      })
      const last = logs.at(-1)
      if (last?.transactionHash && last.blockNumber !== null) {
        return { txHash: last.transactionHash, blockNumber: last.blockNumber }
      }
      to = from - 1n
    }
    view.log.warn({ startTokenId }, 'BatchMinted event not found within the search range')
  } catch (err) {
    view.log.warn({ startTokenId, err: describe(err) }, 'could not search BatchMinted events')
  }
  return null
}
