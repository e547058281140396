import { createPublicClient, createWalletClient, getAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { AdapterError } from '../adapter-error.js'
import { loadArtifact } from './artifacts.js'
import { toAdapterError } from './chain-errors.js'
import type { Address, Hash } from './port.js'
import { rpcTransport } from './rpc-transport.js'

export const CERTIFICATE_NAME = 'Warranty Certificate'
export const CERTIFICATE_SYMBOL = 'WARRANTY'

export interface DeployOptions {
  rpcUrl: string
  /** The deployer becomes admin and minter: use the service's custodial key. */
  privateKey: `0x${string}`
  timeoutMs?: number
  pollingIntervalMs?: number
  /** Progress messages. */
  onProgress?: (message: string) => void
}

export interface DeployResult {
  address: Address
  txHash: Hash
  blockNumber: bigint
  chainId: number
  deployer: Address
}

/** Deploys WarrantyCertificate(name, symbol, admin = deployer) and waits for its receipt. */
export async function deployWarrantyCertificate(options: DeployOptions): Promise<DeployResult> {
  const progress = options.onProgress ?? (() => {})
  const artifact = await loadArtifact('WarrantyCertificate')
  const rpc = rpcTransport(options.rpcUrl, { timeoutMs: 30_000 })
  const { transport } = rpc
  const account = privateKeyToAccount(options.privateKey)
  const pollingInterval = options.pollingIntervalMs ?? 1000
  const client = createPublicClient({ transport, cacheTime: 0, pollingInterval })
  try {
    const chainId = await client.getChainId()
    const chain = {
      id: chainId,
      name: `chain-${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [options.rpcUrl] } },
    }
    const wallet = createWalletClient({ chain, transport, account, cacheTime: 0 })
    progress(`deploying WarrantyCertificate from ${account.address} on chain ${chainId}`)
    const txHash = await wallet.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [CERTIFICATE_NAME, CERTIFICATE_SYMBOL, account.address],
    })
    progress(`sent ${txHash}, waiting for the receipt`)
    const receipt = await client.waitForTransactionReceipt({
      hash: txHash,
      timeout: options.timeoutMs ?? 180_000,
      pollingInterval,
    })
    if (receipt.status !== 'success' || !receipt.contractAddress) {
      throw new AdapterError(`deployment ${txHash} reverted in block ${receipt.blockNumber}`, false)
    }
    progress(
      `deployed at ${receipt.contractAddress} in block ${receipt.blockNumber} (gas ${receipt.gasUsed})`,
    )
    return {
      address: getAddress(receipt.contractAddress),
      txHash,
      blockNumber: receipt.blockNumber,
      chainId,
      deployer: account.address,
    }
  } catch (err) {
    throw toAdapterError(err, 'deploying WarrantyCertificate', artifact.abi)
  } finally {
    await rpc.close()
  }
}
