import { readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { createPublicClient, createWalletClient, getAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { AdapterError } from '../adapter-error.js'
import { loadArtifact } from './artifacts.js'
import type { Address } from './port.js'
import { rpcTransport } from './rpc-transport.js'

/**
 * Deploys `ServiceHistoryAnchor(anchorer = the signer, certificate)` and answers its address
 * once mined (the `warranty deploy-anchor` command and the embedded chain).
 */
export async function deployServiceHistoryAnchor(options: {
  rpcUrl: string
  privateKey: `0x${string}`
  certificate: Address
  pollingIntervalMs?: number
}): Promise<{ address: Address; blockNumber: bigint }> {
  const artifact = await loadArtifact('ServiceHistoryAnchor')
  const rpc = rpcTransport(options.rpcUrl, { timeoutMs: 30_000 })
  try {
    const pollingInterval = options.pollingIntervalMs ?? 1000
    const reader = createPublicClient({ transport: rpc.transport, cacheTime: 0, pollingInterval })
    const id = await reader.getChainId()
    const account = privateKeyToAccount(options.privateKey)
    const signer = createWalletClient({
      account,
      transport: rpc.transport,
      chain: {
        id,
        name: `chain-${id}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [options.rpcUrl] } },
      },
    })
    const hash = await signer.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [account.address, options.certificate],
    })
    const mined = await reader.waitForTransactionReceipt({ hash, timeout: 180_000, pollingInterval })
    if (mined.status !== 'success' || !mined.contractAddress) {
      throw new AdapterError(`ServiceHistoryAnchor deployment ${hash} reverted`, false)
    }
    return { address: getAddress(mined.contractAddress), blockNumber: mined.blockNumber }
  } finally {
    await rpc.close()
  }
}

/**
 * The anchor contract of an embedded node: the one in `anchor.json` when its code is still
 * there and it names the same certificate contract, else a fresh deployment, remembered once
 * the node's saved state holds it.
 */
export async function ensureAnchorDeployment(node: {
  rpcUrl: string
  chainDir: string
  privateKey: `0x${string}`
  certificate: Address
  log: Logger
  persist(minBlock: bigint): Promise<unknown>
}): Promise<Address> {
  const path = join(node.chainDir, 'anchor.json')
  const previous = await readFile(path, 'utf8')
    .then((text) => JSON.parse(text) as { address: Address; certificate: Address })
    .catch(() => null)
  if (previous?.certificate === node.certificate) {
    const code = await createPublicClient({ transport: rpcTransport(node.rpcUrl).transport })
      .getCode({ address: previous.address })
      .catch(() => undefined)
    if (code && code !== '0x') return previous.address
  }
  const deployed = await deployServiceHistoryAnchor({ ...node, pollingIntervalMs: 50 })
  await node.persist(deployed.blockNumber)
  await writeFile(`${path}.tmp`, JSON.stringify({ address: deployed.address, certificate: node.certificate }))
  await rename(`${path}.tmp`, path)
  node.log.info({ address: deployed.address }, 'service history anchor deployed on the embedded chain')
  return deployed.address
}
