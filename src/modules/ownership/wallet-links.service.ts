import { randomBytes } from 'node:crypto'
import { getAddress, isAddress } from 'viem'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import type { OwnershipChainPort } from '../../adapters/chain/index.js'
import type { Db, Tx } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { hashToken } from '../../lib/one-time-tokens.js'
import {
  deleteWallet,
  findNonce,
  insertNonce,
  listWallets,
  upsertWallet,
  useNonce,
} from './ownership.repository.js'

/** A SIWE nonce lives this long and works once. */
export const WALLET_NONCE_TTL_MS = 10 * 60_000

export const SIWE_STATEMENT = 'Link this address to my warranty wallet.'

export interface WalletView {
  address: string
  chainId: number
  linkedAt: string
}

const refuse = (message: string) => new AppError('invalid_token', message)

/**
 * Linking an EVM address to a customer with Sign-In with Ethereum (EIP-4361): the service hands
 * out a single-use nonce that expires, the customer signs the message (any wallet, a smart
 * contract wallet through EIP-1271 included), and the service checks the domain, the URI, the
 * chain, the times, the nonce and the signature before it records the address.
 */
export class WalletLinksService {
  constructor(
    private readonly deps: {
      db: Db
      chain: { chainId: number; ownership: OwnershipChainPort }
      /** The web app's origin: its host is the SIWE domain. */
      appUrl: string
      /** Called in the linking transaction: tokens this address already holds come to the customer. */
      onLinked: (tx: Tx, customerId: string, address: string) => Promise<void>
    },
  ) {}

  get domain(): string {
    return new URL(this.deps.appUrl).host
  }

  /** A fresh nonce and the exact message for `address` to sign. */
  async challenge(customerId: string, address: string) {
    if (!isAddress(address, { strict: false })) throw new AppError('validation_error', 'Not an EVM address')
    const nonce = randomBytes(16).toString('hex')
    const issuedAt = new Date()
    const expirationTime = new Date(issuedAt.getTime() + WALLET_NONCE_TTL_MS)
    await insertNonce(this.deps.db, customerId, hashToken(nonce), expirationTime)
    const message = createSiweMessage({
      domain: this.domain,
      address: getAddress(address),
      statement: SIWE_STATEMENT,
      uri: this.deps.appUrl,
      version: '1',
      chainId: this.deps.chain.chainId,
      nonce,
      issuedAt,
      expirationTime,
    })
    return { message, nonce, expiresAt: expirationTime.toISOString() }
  }

  /** Checks the signed message and links its address; each refusal says why (401 / 400). */
  async link(customerId: string, input: { message: string; signature: `0x${string}` }): Promise<WalletView> {
    const parsed = parseSiweMessage(input.message)
    if (!parsed.address || !parsed.nonce || !parsed.domain || parsed.chainId === undefined) {
      throw new AppError('validation_error', 'Not a Sign-In with Ethereum message')
    }
    if (parsed.domain !== this.domain) throw refuse('The message was made for another site')
    if (parsed.uri !== this.deps.appUrl) throw refuse('The message was made for another site')
    if (parsed.chainId !== this.deps.chain.chainId) throw refuse('The message is for another chain')
    const now = new Date()
    if (parsed.expirationTime && parsed.expirationTime <= now) throw new AppError('expired_token')
    if (parsed.notBefore && parsed.notBefore > now) throw refuse('The message is not valid yet')
    const nonceHash = hashToken(parsed.nonce)
    await this.checkNonce(customerId, nonceHash)
    const address = getAddress(parsed.address)
    const valid = await this.deps.chain.ownership.verifyMessage(address, input.message, input.signature)
    if (!valid) throw refuse('The signature does not match the address')
    const row = await this.deps.db.transaction(async (tx) => {
      if (!(await useNonce(tx, customerId, nonceHash))) throw new AppError('token_used')
      const linked = await upsertWallet(tx, customerId, address, this.deps.chain.chainId)
      await this.deps.onLinked(tx, customerId, address)
      return linked
    })
    return toWalletView(row)
  }

  async list(customerId: string): Promise<{ items: WalletView[] }> {
    return { items: (await listWallets(this.deps.db, customerId)).map(toWalletView) }
  }

  async unlink(customerId: string, address: string): Promise<void> {
    if (!(await deleteWallet(this.deps.db, customerId, address))) {
      throw new AppError('not_found', 'No such linked address')
    }
  }

  /** The refusal a used, expired, unknown or foreign nonce gets (nothing consumed). */
  private async checkNonce(customerId: string, nonceHash: string): Promise<void> {
    const stored = await findNonce(this.deps.db, nonceHash)
    if (!stored || stored.customerId !== customerId) throw refuse('Unknown nonce: ask for a new message')
    if (stored.usedAt) throw new AppError('token_used', 'This message was already used')
    if (stored.expiresAt <= new Date()) throw new AppError('expired_token', 'The message has expired')
  }
}

function toWalletView(row: {
  address: string
  chainId: number
  createdAt: Date
  updatedAt: Date
}): WalletView {
  return { address: row.address, chainId: row.chainId, linkedAt: row.updatedAt.toISOString() }
}
