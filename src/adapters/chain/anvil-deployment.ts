import type { Logger } from 'pino'
import type { ChainFiles, Deployment } from './anvil-files.js'
import { anvilRpc } from './anvil-rpc.js'
import { loadArtifact } from './artifacts.js'
import { deployWarrantyCertificate } from './deploy.js'
import type { Address } from './port.js'

export const ANVIL_CHAIN_ID = 31337
/** Anvil's well-known first dev account (mnemonic "test test … junk"): public, for local chains only. */
export const ANVIL_DEV_PRIVATE_KEY =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const

/**
 * The certificate contract on an embedded node: the one in deployment.json when its code is
 * still there, else a fresh deployment (with a loud warning when an earlier one was lost),
 * remembered only once the node's saved state holds it.
 */
export async function ensureDeployment(node: {
  rpcUrl: string
  files: ChainFiles
  log: Logger
  persist(minBlock: bigint): Promise<unknown>
  /** The folder's signer (chain/signer.key): deployer, admin and minter. */
  privateKey: `0x${string}`
}): Promise<Deployment> {
  const { files, log } = node
  const previous = await files.readDeployment()
  if (previous) {
    const code = (await anvilRpc(node.rpcUrl, 'eth_getCode', [previous.address, 'latest'])) as string
    if (code !== '0x' && previous.chainId === ANVIL_CHAIN_ID) {
      await warnIfOutdated(node, previous.address, code)
      return previous
    }
    log.warn(
      { lost: previous, state: files.statePath },
      '!!! EMBEDDED CHAIN STATE WAS LOST: the certificate contract deployed before is gone, deploying a new one. ' +
        'Certificates minted earlier no longer exist on this chain.',
    )
  }
  const deployed = await deployWarrantyCertificate({
    rpcUrl: node.rpcUrl,
    privateKey: node.privateKey,
    pollingIntervalMs: 50,
    onProgress: (message) => log.debug(message),
  })
  const deployment: Deployment = {
    address: deployed.address,
    chainId: deployed.chainId,
    deployedAt: new Date().toISOString(),
    txHash: deployed.txHash,
  }
  await node.persist(deployed.blockNumber)
  await files.writeDeployment(deployment)
  log.info(deployment, 'certificate contract deployed on the embedded chain')
  return deployment
}

/** The CBOR metadata at the end of the runtime code identifies the sources it was built from. */
async function warnIfOutdated(node: { files: ChainFiles; log: Logger }, address: Address, code: string) {
  const artifact = await loadArtifact('WarrantyCertificate')
  const expected = artifact.deployedBytecode.toLowerCase()
  const metadataBytes = Number.parseInt(expected.slice(-4), 16) + 2
  if (code.toLowerCase().slice(-metadataBytes * 2) !== expected.slice(-metadataBytes * 2)) {
    node.log.warn(
      { address, chainDir: node.files.chainDir },
      'the embedded contract was built from older sources; delete the chain folder to redeploy the current ones',
    )
  }
}
