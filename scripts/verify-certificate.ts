/**
 * An outside verifier of warranty certificates: it trusts only a JSON-RPC node and an IPFS
 * gateway (no service code, no database). For a warranty code or a token id it prints, as JSON:
 * the holder; the metadata, checked against the CIDs (the directory block named by `tokenURI`
 * hashes to its CID, the file it links hashes to the file's CID); and the service history,
 * every batch rebuilt from its pinned files and checked against the root anchored on chain.
 *
 *   npx tsx scripts/verify-certificate.ts --rpc URL --gateway URL --contract 0x… [--anchor 0x…] WR-XXXX-XXXX-XXXX | 42
 *
 * `--gateway` is any trustless IPFS gateway (`<gateway>/ipfs/<cid>?format=raw`), e.g. the
 * service's own `http://localhost:3000`. Exit code 0 when every check passed, 1 otherwise.
 */
import * as dagPb from '@ipld/dag-pb'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import * as Digest from 'multiformats/hashes/digest'
import { sha256 } from 'multiformats/hashes/sha2'
import { concat, createPublicClient, type Hex, http, keccak256, parseAbi, parseAbiItem } from 'viem'

const CERTIFICATE_ABI = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function tokenURI(uint256) view returns (string)',
  'function nextTokenId() view returns (uint256)',
  'function hasRole(bytes32, address) view returns (bool)',
  'function MINTER_ROLE() view returns (bytes32)',
])
const ANCHOR_ABI = parseAbi([
  'function rootOf(uint256) view returns (bytes32)',
  'function deployedAtBlock() view returns (uint256)',
])
const ANCHORED = parseAbiItem(
  'event Anchored(uint256 indexed seq, bytes32 root, uint256 count, bytes32 manifestDigest)',
)

interface Options {
  rpc: string
  gateway: string
  contract: `0x${string}`
  anchor: `0x${string}` | null
  target: string
}

function parseArgs(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`)
    return i === -1 ? null : (argv[i + 1] ?? null)
  }
  const target = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--')).at(-1)
  const rpc = value('rpc')
  const gateway = value('gateway')
  const contract = value('contract')
  if (!rpc || !gateway || !contract || !target) {
    throw new Error(
      'usage: verify-certificate --rpc URL --gateway URL --contract 0x… [--anchor 0x…] <code | token id>',
    )
  }
  return {
    rpc,
    gateway: gateway.replace(/\/$/, ''),
    contract: contract as `0x${string}`,
    anchor: (value('anchor') as `0x${string}` | null) ?? null,
    target,
  }
}

/** A block from the gateway, checked against its CID (sha2-256). */
async function block(gateway: string, cid: CID): Promise<Uint8Array> {
  const res = await fetch(`${gateway}/ipfs/${cid.toString()}?format=raw`, {
    headers: { accept: 'application/vnd.ipld.raw' },
  })
  if (!res.ok) throw new Error(`gateway answered ${res.status} for ${cid}`)
  const bytes = new Uint8Array(await res.arrayBuffer())
  const digest = await sha256.digest(bytes)
  if (!equal(digest.digest, cid.multihash.digest))
    throw new Error(`the gateway's block does not hash to ${cid}`)
  return bytes
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])
const rawCid = (digest: Hex) =>
  CID.createV1(raw.code, Digest.create(0x12, Buffer.from(digest.slice(2), 'hex')))
const pair = (a: Hex, b: Hex): Hex =>
  a.toLowerCase() < b.toLowerCase() ? keccak256(concat([a, b])) : keccak256(concat([b, a]))

/** Sorted-pair keccak256 Merkle root, an odd node moving up as it is (as the anchor contract). */
function merkleRoot(leaves: Hex[]): Hex {
  let level = leaves
  while (level.length > 1) {
    const next: Hex[] = []
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1]
      next.push(right === undefined ? (level[i] as Hex) : pair(level[i] as Hex, right))
    }
    level = next
  }
  return level[0] as Hex
}

/** The token's metadata: the directory block named by tokenURI, then the file it links. */
async function metadataOf(o: Options, uri: string) {
  const match = /^ipfs:\/\/([^/]+)\/(\d+)$/.exec(uri)
  if (!match) throw new Error(`unexpected tokenURI ${uri}`)
  const dir = CID.parse(match[1] as string)
  const node = dagPb.decode(await block(o.gateway, dir))
  const link = node.Links.find((l) => l.Name === match[2])
  if (!link) throw new Error(`the directory ${dir} has no entry ${match[2]}`)
  const bytes = await block(o.gateway, link.Hash)
  return {
    cid: link.Hash.toString(),
    json: JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>,
  }
}

const codeOf = (metadata: Record<string, unknown>) =>
  (metadata.attributes as { trait_type: string; value: string }[] | undefined)?.find(
    (a) => a.trait_type === 'Warranty code',
  )?.value

const normalize = (code: string) => code.toUpperCase().replace(/[^0-9A-Z]/g, '')

/** Every anchored batch, rebuilt from IPFS and checked against the chain. */
async function anchoredEvents(o: Options, client: ReturnType<typeof createPublicClient>) {
  if (!o.anchor) return []
  const fromBlock = await client.readContract({
    address: o.anchor,
    abi: ANCHOR_ABI,
    functionName: 'deployedAtBlock',
  })
  const logs = await client.getLogs({ address: o.anchor, event: ANCHORED, fromBlock })
  const events: Record<string, unknown>[] = []
  for (const log of logs) {
    const { seq, root, manifestDigest } = log.args as { seq: bigint; root: Hex; manifestDigest: Hex }
    const manifest = JSON.parse(new TextDecoder().decode(await block(o.gateway, rawCid(manifestDigest)))) as {
      events: string[]
    }
    const files = await Promise.all(manifest.events.map((cid) => block(o.gateway, CID.parse(cid))))
    const onChain = await client.readContract({
      address: o.anchor,
      abi: ANCHOR_ABI,
      functionName: 'rootOf',
      args: [seq],
    })
    const verified = merkleRoot(files.map((f) => keccak256(f))) === root && root === onChain
    files.forEach((bytes, i) => {
      const event = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>
      events.push({
        ...event,
        cid: manifest.events[i],
        seq: Number(seq),
        txHash: log.transactionHash,
        verified,
      })
    })
  }
  return events
}

async function main(): Promise<boolean> {
  const o = parseArgs(process.argv.slice(2))
  const client = createPublicClient({ transport: http(o.rpc) })
  const read = <T>(functionName: string, args: unknown[] = []) =>
    client.readContract({
      address: o.contract,
      abi: CERTIFICATE_ABI,
      functionName,
      args,
    } as never) as Promise<T>
  const history = await anchoredEvents(o, client)
  let tokenId: bigint | null = /^\d+$/.test(o.target) ? BigInt(o.target) : null
  if (tokenId === null) {
    const known = history.find((e) => normalize(String(e.warrantyCode)) === normalize(o.target))
    if (known && String(known.contract).toLowerCase() === o.contract.toLowerCase())
      tokenId = BigInt(String(known.tokenId))
  }
  if (tokenId === null) {
    // Not in the history: search the tokens, newest first, by their metadata.
    for (let id = (await read<bigint>('nextTokenId')) - 1n; id >= 1n && tokenId === null; id--) {
      const { json } = await metadataOf(o, await read<string>('tokenURI', [id]))
      if (normalize(String(codeOf(json))) === normalize(o.target)) tokenId = id
    }
  }
  if (tokenId === null) throw new Error(`no certificate with warranty code ${o.target}`)
  const [holder, uri] = await Promise.all([
    read<`0x${string}`>('ownerOf', [tokenId]),
    read<string>('tokenURI', [tokenId]),
  ])
  const custodial = await read<boolean>('hasRole', [await read<Hex>('MINTER_ROLE'), holder])
  const metadata = await metadataOf(o, uri)
  const code = codeOf(metadata.json)
  const own = history.filter(
    (e) =>
      String(e.tokenId) === tokenId.toString() &&
      String(e.contract).toLowerCase() === o.contract.toLowerCase(),
  )
  const ok =
    own.every((e) => e.verified === true) &&
    (!/^\d+$/.test(o.target) ? normalize(String(code)) === normalize(o.target) : true)
  const report = {
    tokenId: tokenId.toString(),
    warrantyCode: code ?? null,
    holder: custodial ? 'custodial' : holder,
    holderAddress: holder,
    tokenUri: uri,
    metadata: { cid: metadata.cid, verified: true, json: metadata.json },
    history: own,
    ok,
  }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  return ok
}

main().then(
  (ok) => {
    process.exitCode = ok ? 0 : 1
  },
  (err: unknown) => {
    process.stderr.write(`verify-certificate: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exitCode = 1
  },
)
