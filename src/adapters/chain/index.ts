import type { Logger } from 'pino'
import type { Config } from '../../config/index.js'
import { AdapterError } from '../adapter-error.js'
import { ensureAnchorDeployment } from './anchor-deployment.js'
import { AnvilSupervisor } from './anvil.js'
import { createEvmChain, redactUrl } from './evm-connect.js'
import type { ChainPort } from './port.js'

export { deployServiceHistoryAnchor } from './anchor-deployment.js'
export { deployWarrantyCertificate } from './deploy.js'
export { redactUrl } from './evm-connect.js'
export type { CertificateTransferLog, OwnershipChainPort, SignedTransfer } from './ownership-port.js'
export type { ChainHealth, ChainPort, MintBatchInput, MintedBatch, MintOutcome, SentMint } from './port.js'
export { ChainRevertError } from './port.js'

/** The chain the service uses, with `stop()` to release it (and stop the embedded node). */
export interface ChainHandle extends ChainPort {
  stop(): Promise<void>
  /** The embedded node when no CHAIN_RPC_URL is configured, else null. */
  readonly node: AnvilSupervisor | null
}

interface ChainDeps {
  config: Config
  logger: Logger
}

/**
 * The only place that chooses the chain from config:
 * - `config.chain.rpcUrl` set: that node, `config.chain.privateKey` as the
 *   custodial signer, the contract at `config.chain.contractAddress` (refused
 *   when there is no code there);
 * - else an embedded anvil under `config.dataDir/chain`, with the contract
 *   deployed on first start and reused afterwards.
 * Throws an AdapterError when the chain cannot be used.
 */
export async function createChain(deps: ChainDeps): Promise<ChainHandle> {
  try {
    return deps.config.chain.rpcUrl !== null ? await openConfigured(deps) : await openEmbedded(deps)
  } catch (err) {
    if (err instanceof AdapterError) throw err
    const message = err instanceof Error ? err.message : String(err)
    throw new AdapterError(`starting the chain: ${message}`, false, { cause: err })
  }
}

async function openConfigured({ config, logger }: ChainDeps): Promise<ChainHandle> {
  const { rpcUrl, privateKey, contractAddress } = config.chain
  if (rpcUrl === null || privateKey === null || contractAddress === null) {
    throw new AdapterError('CHAIN_RPC_URL needs CHAIN_PRIVATE_KEY and CERTIFICATE_CONTRACT_ADDRESS', false)
  }
  logger.info({ rpc: redactUrl(rpcUrl), contract: contractAddress }, 'using the configured chain')
  const { anchorAddress, pollMs } = config.chain
  const chain = await createEvmChain({
    rpcUrl,
    privateKey,
    contractAddress,
    logger,
    anchorAddress,
    pollingIntervalMs: pollMs,
  })
  return Object.assign(chain, { stop: () => chain.close(), node: null })
}

async function openEmbedded({ config, logger }: ChainDeps): Promise<ChainHandle> {
  const node = new AnvilSupervisor({ dataDir: config.dataDir, logger, restartOnCrash: true })
  await node.start()
  try {
    const deployment = await node.ensureDeployment()
    const anchorAddress = await ensureAnchorDeployment({
      rpcUrl: node.rpcUrl,
      chainDir: node.chainDir,
      privateKey: node.signerKey,
      certificate: deployment.address,
      log: logger,
      persist: (minBlock) => node.persist(minBlock),
    })
    const chain = await createEvmChain({
      rpcUrl: node.rpcUrl,
      privateKey: node.signerKey,
      contractAddress: deployment.address,
      anchorAddress,
      logger,
      pollingIntervalMs: 50,
      makeDurable: async (blockNumber) => {
        await node.durable(blockNumber)
      },
      onClose: () => node.stop(),
    })
    return Object.assign(chain, { stop: () => chain.close(), node })
  } catch (err) {
    await node.stop()
    throw err
  }
}
