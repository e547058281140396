/**
 * What the chain itself says about minted warranties, read from outside the service: for
 * each, `ownerOf(tokenId)` (the token exists) and `tokenURI(tokenId)`, which must be
 * `ipfs://<batch directory>/<tokenId>` with the directory (read through the service's IPFS
 * gateway) naming, for that token, the metadata CID the warranty records: the token on
 * chain is this warranty's certificate, not merely some token with that number.
 */
import { createPublicClient, http, parseAbi } from 'viem'
import { request, type WarrantyView } from './service-api.js'

const abi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
])

export interface ChainCheck {
  checked: number
  /** Warranty ids whose token the chain does not hold (ownerOf or tokenURI reverts). */
  notOnChain: string[]
  /** Warranty ids whose token's URI is not `ipfs://<dir>/<tokenId>` or whose directory names another CID. */
  wrongCertificate: string[]
  /** Token ids recorded on more than one warranty. */
  duplicateTokens: string[]
  /** The first few problems, spelled out. */
  examples: string[]
}

type Read = { ok: true; value: string } | { ok: false; error: string }

async function settle(p: Promise<string>): Promise<Read> {
  try {
    return { ok: true, value: await p }
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message.split('\n')[0]! : String(err) }
  }
}

export async function checkTokensOnChain(options: {
  rpcUrl: string
  /** The service, for its IPFS gateway (`GET /ipfs/<dir>`). */
  serviceUrl: string
  minted: WarrantyView[]
}): Promise<ChainCheck> {
  const client = createPublicClient({ transport: http(options.rpcUrl, { batch: { batchSize: 100 } }) })
  const result: ChainCheck = {
    checked: 0,
    notOnChain: [],
    wrongCertificate: [],
    duplicateTokens: [],
    examples: [],
  }
  const note = (text: string) => {
    if (result.examples.length < 10) result.examples.push(text)
  }

  const owners = new Map<string, string[]>()
  for (const w of options.minted) {
    const key = `${w.mint.contractAddress}/${w.mint.tokenId}`
    owners.set(key, [...(owners.get(key) ?? []), w.id])
  }
  for (const [key, ids] of owners) {
    if (ids.length > 1) {
      result.duplicateTokens.push(key)
      note(`token ${key} is recorded on ${ids.length} warranties: ${ids.join(', ')}`)
    }
  }

  const directories = new Map<string, Promise<Map<string, string> | null>>()
  const listing = (dir: string) => {
    let cached = directories.get(dir)
    if (!cached) {
      cached = request(`${options.serviceUrl}/ipfs/${dir}`).then(
        (res) => {
          if (res.status !== 200) return null
          const body = JSON.parse(res.body) as { entries?: { name: string; cid: string }[] }
          return new Map((body.entries ?? []).map((e) => [e.name, e.cid]))
        },
        () => null,
      )
      directories.set(dir, cached)
    }
    return cached
  }

  const CHUNK = 200
  for (let i = 0; i < options.minted.length; i += CHUNK) {
    const chunk = options.minted.slice(i, i + CHUNK)
    await Promise.all(
      chunk.map(async (w) => {
        result.checked++
        const address = w.mint.contractAddress as `0x${string}` | null
        if (!address || w.mint.tokenId === null) {
          result.notOnChain.push(w.id)
          note(`${w.id}: MINTED without a contract address or token id`)
          return
        }
        const tokenId = BigInt(w.mint.tokenId)
        const [owner, uri] = await Promise.all([
          settle(client.readContract({ address, abi, functionName: 'ownerOf', args: [tokenId] })),
          settle(client.readContract({ address, abi, functionName: 'tokenURI', args: [tokenId] })),
        ])
        if (!owner.ok || !uri.ok) {
          result.notOnChain.push(w.id)
          note(
            `${w.id}: token ${tokenId} not on chain (${!owner.ok ? owner.error : !uri.ok ? uri.error : ''})`,
          )
          return
        }
        const match = /^ipfs:\/\/([^/]+)\/(\d+)$/.exec(uri.value)
        if (!match || match[2] !== w.mint.tokenId) {
          result.wrongCertificate.push(w.id)
          note(`${w.id}: token ${tokenId} has tokenURI ${uri.value}`)
          return
        }
        const cid = (await listing(match[1]!))?.get(w.mint.tokenId)
        if (cid !== w.mint.metadataCid) {
          result.wrongCertificate.push(w.id)
          note(`${w.id}: ${uri.value} names ${cid ?? 'nothing'}, the warranty records ${w.mint.metadataCid}`)
        }
      }),
    )
  }
  return result
}
