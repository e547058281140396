import { eq } from 'drizzle-orm'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import { AdapterError } from '../../adapters/adapter-error.js'
import type { ChainPort } from '../../adapters/chain/index.js'
import type { PinningPort } from '../../adapters/pinning/index.js'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import { globalProducts, merchantProducts, merchants, warranties } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { parseWarrantyCode } from '../warranties/index.js'
import { serialHash } from './certificate-metadata.js'

export interface Verification {
  warrantyCode: string
  status: 'ACTIVE' | 'EXPIRED'
  expiresAt: string
  issuedAt: string
  merchantName: string
  productName: string | null
  mintStatus: 'PENDING' | 'MINTING' | 'MINTED' | 'FAILED'
  serialNumberMatches: boolean | null
  certificate: {
    chainId: number
    contractAddress: string
    tokenId: string
    owner: string
    txHash: string | null
    blockNumber: number | null
    tokenUri: string
    metadataCid: string
    metadata: unknown
    /** The bytes served for tokenURI hash to the CID the directory names, and to the CID recorded at issue. */
    metadataHashMatches: boolean
  } | null
}

const VERIFY_LIMIT = { limit: 60, windowMs: 60_000 }

/**
 * Public verification of a certificate, for service providers and buyers of used goods:
 * what the chain and IPFS say about a warranty code, checked against each other. Nothing
 * about the customer is disclosed.
 */
export class CertificatesService {
  constructor(
    private readonly deps: {
      db: Db
      chain: ChainPort
      pinning: PinningPort
      limiter: RateLimiter
      serialHashSalt: string
    },
  ) {}

  async verify(input: { code: string; serialNumber?: string; address: string }): Promise<Verification> {
    const limit = await this.deps.limiter.hit(`verify:${input.address}`, VERIFY_LIMIT)
    if (!limit.allowed) throw new AppError('too_many_requests', undefined, undefined, limit.retryAfterSeconds)
    const code = parseWarrantyCode(input.code)
    if (!code) throw new AppError('not_found', 'No certificate has this warranty code')
    const [w] = await this.deps.db
      .select({
        warrantyCode: warranties.warrantyCode,
        serialNumber: warranties.serialNumber,
        expiresAt: warranties.expiresAt,
        createdAt: warranties.createdAt,
        mintStatus: warranties.mintStatus,
        tokenId: warranties.tokenId,
        txHash: warranties.txHash,
        blockNumber: warranties.blockNumber,
        chainId: warranties.chainId,
        contractAddress: warranties.contractAddress,
        metadataCid: warranties.metadataCid,
        merchantName: merchants.name,
        productTitle: merchantProducts.title,
        brand: globalProducts.brand,
        model: globalProducts.model,
      })
      .from(warranties)
      .innerJoin(merchants, eq(merchants.id, warranties.merchantId))
      .leftJoin(merchantProducts, eq(merchantProducts.id, warranties.merchantProductId))
      .leftJoin(globalProducts, eq(globalProducts.id, warranties.globalProductId))
      .where(eq(warranties.warrantyCode, code))
      .limit(1)
    if (!w) throw new AppError('not_found', 'No certificate has this warranty code')

    const base = {
      warrantyCode: w.warrantyCode,
      status: w.expiresAt.getTime() > Date.now() ? ('ACTIVE' as const) : ('EXPIRED' as const),
      expiresAt: w.expiresAt.toISOString(),
      issuedAt: w.createdAt.toISOString(),
      merchantName: w.merchantName,
      productName: w.productTitle ?? (w.brand ? `${w.brand} ${w.model}` : null),
      mintStatus: w.mintStatus,
      serialNumberMatches:
        input.serialNumber === undefined
          ? null
          : serialHash(this.deps.serialHashSalt, input.serialNumber) ===
            serialHash(this.deps.serialHashSalt, w.serialNumber),
    }
    if (w.mintStatus !== 'MINTED' || w.tokenId === null || !w.metadataCid)
      return { ...base, certificate: null }

    const tokenId = BigInt(w.tokenId)
    let owner: string
    let tokenUri: string
    try {
      ;[owner, tokenUri] = await Promise.all([
        this.deps.chain.ownerOf(tokenId),
        this.deps.chain.tokenURI(tokenId),
      ])
    } catch (err) {
      if (err instanceof AdapterError && err.retryable) {
        throw new AppError('unavailable', 'The chain cannot be reached, try again later', undefined, 10)
      }
      throw err
    }
    const file = await this.deps.pinning.cat(tokenUri)
    let metadata: unknown = null
    let metadataHashMatches = false
    if (file) {
      const actual = CID.create(1, raw.code, await sha256.digest(file.bytes)).toString()
      metadataHashMatches = actual === file.cid && actual === w.metadataCid
      try {
        metadata = JSON.parse(new TextDecoder().decode(file.bytes))
      } catch {
        metadata = null
      }
    }
    return {
      ...base,
      certificate: {
        chainId: w.chainId ?? this.deps.chain.chainId,
        contractAddress: w.contractAddress ?? this.deps.chain.contractAddress,
        tokenId: tokenId.toString(),
        owner,
        txHash: w.txHash,
        blockNumber: w.blockNumber,
        tokenUri,
        metadataCid: w.metadataCid,
        metadata,
        metadataHashMatches,
      },
    }
  }
}
