import { createPublicClient, createWalletClient, defineChain } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { AdapterError } from '../adapter-error.js'
import { loadArtifact } from './artifacts.js'
import { describe, toAdapterError } from './chain-errors.js'
import { EvmChain, type EvmChainOptions } from './evm-chain.js'
import { rpcTransport } from './rpc-transport.js'

/**
 * Connects to the node and checks that the contract is there. Throws a
 * non-retryable AdapterError when the address holds no contract code.
 */
export async function createEvmChain(options: EvmChainOptions): Promise<EvmChain> {
  const { abi } = await loadArtifact('WarrantyCertificate').catch((err: unknown) => {
    throw new AdapterError(`loading the contract artifact: ${describe(err)}`, false, { cause: err })
  })
  const pollingInterval = options.pollingIntervalMs ?? 1000
  const rpc = rpcTransport(options.rpcUrl, { timeoutMs: options.requestTimeoutMs })
  const { transport } = rpc
  const log = options.logger.child({ component: 'chain' })
  try {
    const chainId = await createPublicClient({ transport, cacheTime: 0 })
      .getChainId()
      .catch((err: unknown) => {
        throw toAdapterError(err, `connecting to ${redactUrl(options.rpcUrl)}`, abi)
      })
    const chain = defineChain({
      id: chainId,
      name: `chain-${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [options.rpcUrl] } },
    })
    const client = createPublicClient({ chain, transport, cacheTime: 0, pollingInterval })
    const account = privateKeyToAccount(options.privateKey)
    const wallet = createWalletClient({ chain, transport, account, cacheTime: 0, pollingInterval })
    const address = options.contractAddress

    const code = await client.getCode({ address }).catch((err: unknown) => {
      throw toAdapterError(err, 'reading the contract code', abi)
    })
    if (!code || code === '0x') {
      throw new AdapterError(
        `no contract code at ${address} on chain ${chainId}: deploy one with npm run chain:deploy and set CERTIFICATE_CONTRACT_ADDRESS`,
        false,
      )
    }
    const read = (functionName: string) =>
      client.readContract({ address, abi, functionName }).catch((err: unknown) => {
        throw toAdapterError(err, `reading ${functionName}: is ${address} a WarrantyCertificate?`, abi)
      })
    const [maxBatchSize, deployedAtBlock] = await Promise.all([
      read('MAX_BATCH_SIZE'),
      read('deployedAtBlock'),
    ])
    if (typeof maxBatchSize !== 'bigint' || typeof deployedAtBlock !== 'bigint') {
      throw new AdapterError(`${address} does not look like a WarrantyCertificate`, false)
    }
    const anchor = options.anchorAddress
      ? { address: options.anchorAddress, abi: (await loadArtifact('ServiceHistoryAnchor')).abi }
      : null
    log.info(
      { chainId, contract: address, custodian: account.address, anchor: anchor?.address },
      'chain connected',
    )
    return new EvmChain(chainId, address, Number(maxBatchSize), deployedAtBlock, abi, client, wallet, log, {
      pollingIntervalMs: pollingInterval,
      gasHeadroomPercent: options.gasHeadroomPercent ?? 20,
      logSearchWindow: options.logSearchWindow ?? 10_000n,
      logSearchMaxWindows: options.logSearchMaxWindows ?? 50,
      minBalanceGas: options.minBalanceGas ?? 500_000n,
      ...(options.makeDurable ? { makeDurable: options.makeDurable } : {}),
      anchor,
      onClose: async () => {
        await rpc.close()
        await options.onClose?.()
      },
    })
  } catch (err) {
    await rpc.close()
    throw err
  }
}

/** RPC URLs often carry an API key in the path or query. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.host}${u.pathname.length > 1 ? '/…' : ''}`
  } catch {
    return 'the RPC URL'
  }
}
