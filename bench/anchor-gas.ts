/**
 * Gas per service event (part of npm run bench:gas): ServiceHistoryAnchor.anchor with batches
 * of 1, 10 and 100 events (one Merkle root each), against the baseline of one transaction per
 * event (a batch of 1), in the same run on the same node.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Address, Hash, Hex, PublicClient, WalletClient } from 'viem'
import { loadArtifact } from '../src/adapters/chain/artifacts.js'

export const ANCHOR_GOAL_GAS_PER_EVENT = 3_000
export const ANCHOR_SECTION = '## Gas per service event'
const SIZES = [1, 10, 100] as const

const random32 = (): Hex => `0x${createHash('sha256').update(randomBytes(64)).digest('hex')}`

export interface AnchorRow {
  batchSize: number
  transactions: number
  totalGas: number
  gasPerEvent: number
  /** Against one transaction per event. */
  ratio: number
}

/** Anchors `n` events per transaction for each size (the same number of events each time). */
export async function measureAnchorGas(options: {
  client: PublicClient
  wallet: WalletClient
  account: { address: Address }
  nextNonce: () => number
  certificate: Address
}): Promise<{ rows: AnchorRow[]; pass: boolean }> {
  const { client, wallet, account, nextNonce } = options
  const artifact = await loadArtifact('ServiceHistoryAnchor')
  const deployHash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [account.address, options.certificate],
    nonce: nextNonce(),
    account: account.address,
    chain: wallet.chain,
  })
  const deployed = await client.waitForTransactionReceipt({ hash: deployHash })
  const address = deployed.contractAddress
  if (!address) throw new Error('ServiceHistoryAnchor deployment failed')
  let seq = 0n
  const anchor = async (count: number): Promise<number> => {
    const hash: Hash = await wallet.writeContract({
      address,
      abi: artifact.abi,
      functionName: 'anchor',
      args: [seq++, random32(), BigInt(count), random32()],
      nonce: nextNonce(),
      account: account.address,
      chain: wallet.chain,
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`anchor ${hash} reverted`)
    return Number(receipt.gasUsed)
  }
  await anchor(1) // the first anchor also creates the nextSeq slot: not counted
  const perEventAlone = await anchor(1)
  const rows: AnchorRow[] = []
  for (const size of SIZES) {
    const gas = await anchor(size)
    const gasPerEvent = Math.round(gas / size)
    rows.push({
      batchSize: size,
      transactions: 1,
      totalGas: gas,
      gasPerEvent,
      ratio: Number((gasPerEvent / perEventAlone).toFixed(4)),
    })
  }
  const goal = rows.find((r) => r.batchSize === 100)
  return { rows, pass: goal !== undefined && goal.gasPerEvent <= ANCHOR_GOAL_GAS_PER_EVENT }
}

export function anchorDocsSection(rows: AnchorRow[], pass: boolean): string {
  const fmt = (n: number) => n.toLocaleString('en-US')
  const table = [
    '| Events per anchor | Gas per anchor | Gas per event | Against one transaction per event | Goal ≤ 3,000 at 100 |',
    '|---:|---:|---:|---:|:---:|',
    ...rows.map(
      (r) =>
        `| ${r.batchSize} | ${fmt(r.totalGas)} | ${fmt(r.gasPerEvent)} | ${r.ratio.toFixed(3)} | ${
          r.batchSize === 100 ? (pass ? 'PASS' : 'FAIL') : '—'
        } |`,
    ),
  ].join('\n')
  return `${ANCHOR_SECTION}

Measured by the same \`npm run bench:gas\` run, on the same node: \`ServiceHistoryAnchor.anchor\`
(contracts/ServiceHistoryAnchor.sol) with one Merkle root per batch of service events; the
baseline is one transaction per event (a batch of 1), measured in the same run. Gas is the
receipts' \`gasUsed\` (21,000 base cost and calldata included). Raw numbers:
bench/results/gas.json (\`anchor\`).

${table}

A batch costs one new storage slot (its root), one \`nextSeq\` update and one \`Anchored\` event
whatever its size: the events themselves live on IPFS (one file each plus the batch's
manifest), and only their Merkle root is on chain, so the cost per event falls as 1/n.
`
}
