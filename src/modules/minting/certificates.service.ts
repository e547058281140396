import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import type { Static } from 'typebox'
import { AdapterError } from '../../adapters/adapter-error.js'
import type { ChainPort } from '../../adapters/chain/index.js'
import type { PinningPort } from '../../adapters/pinning/index.js'
import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { clientKey } from '../../lib/client-address.js'
import { itemDigitalLink } from '../digital-link/index.js'
import { parseWarrantyCode, productName, type WarrantyView, warrantyStatus } from '../warranties/index.js'
import { serialHash } from './certificate-metadata.js'
import { findWarrantyByCode } from './certificates.repository.js'
import type { HistoryEntry, Verification as VerificationSchema } from './certificates.schemas.js'

export type Verification = Static<typeof VerificationSchema>
type CertificateView = NonNullable<Verification['certificate']>

/** A warranty's service history (the service-history feature answers it). */
export type CertificateHistory = (warrantyId: string) => Promise<{ events: HistoryEntry[]; voided: boolean }>

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
      publicApiUrl: string
      history?: CertificateHistory
    },
  ) {}

  async verify(input: { code: string; serialNumber?: string; address: string }): Promise<Verification> {
    const limit = await this.deps.limiter.hit(
      `verify:${clientKey(input.address)}`,
      this.deps.limiter.limits.verifyPerAddress,
    )
    if (!limit.allowed) throw new AppError('too_many_requests', undefined, undefined, limit.retryAfterSeconds)
    const code = parseWarrantyCode(input.code)
    const w = code ? await findWarrantyByCode(this.deps.db, code) : null
    if (!w) throw new AppError('not_found', 'No certificate has this warranty code')
    const { serialHashSalt } = this.deps
    const certificate = w.mintStatus === 'MINTED' ? await this.certificateOf(w) : null
    const history = (await this.deps.history?.(w.id)) ?? { events: [], voided: false }
    const serialNumberMatches =
      input.serialNumber === undefined
        ? null
        : serialHash(serialHashSalt, input.serialNumber) === serialHash(serialHashSalt, w.serialNumber)
    return {
      warrantyCode: w.warrantyCode,
      status: warrantyStatus(w.expiresAt),
      expiresAt: w.expiresAt.toISOString(),
      issuedAt: w.createdAt.toISOString(),
      purchaseDate: (w.purchaseDate ?? w.createdAt).toISOString(),
      merchantName: w.merchantName,
      productName: productName(w),
      mintStatus: w.mintStatus,
      serialNumberMatches,
      // The serial is never disclosed (the certificate holds only its HMAC): the item's link
      // only to a caller who gave it, the product's otherwise (docs/digital-link.md).
      digitalLink: itemDigitalLink(
        this.deps.publicApiUrl,
        w.gtin,
        serialNumberMatches ? w.serialNumber : undefined,
      ),
      certificate,
      holder:
        !certificate || certificate.owner === this.deps.chain.custodian ? 'custodial' : certificate.owner,
      validToday: !history.voided && w.expiresAt > new Date(),
      history: history.events,
    }
  }

  /** What the chain and IPFS hold for a minted warranty, checked against what was recorded. */
  private async certificateOf(w: WarrantyView): Promise<CertificateView | null> {
    if (w.tokenId === null || !w.metadataCid) return null
    const tokenId = BigInt(w.tokenId)
    const [owner, tokenUri] = await this.readToken(tokenId)
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
    }
  }

  /** The token's owner and tokenURI; 503 when the chain cannot be reached. */
  private async readToken(tokenId: bigint): Promise<[string, string]> {
    try {
      return await Promise.all([this.deps.chain.ownerOf(tokenId), this.deps.chain.tokenURI(tokenId)])
    } catch (err) {
      if (err instanceof AdapterError && err.retryable) {
        throw new AppError('unavailable', 'The chain cannot be reached, try again later', undefined, 10)
      }
      throw err
    }
  }
}
