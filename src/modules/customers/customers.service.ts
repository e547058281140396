import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { type PageRequest, type PageResult, paginate } from '../../http/pagination.js'
import { lockUser, revokeTokens } from '../users/index.js'
import {
  claimWalletWarranties,
  findWalletWarranty,
  listWalletWarranties,
  type WalletFilter,
} from '../warranties/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'
import {
  DEFAULT_REMINDER_DAYS,
  findProfile,
  type InboxAddressRow,
  insertInboxAddress,
  listInboxAddresses,
  type ProfileRow,
  saveProfile,
} from './customers.repository.js'
import type {
  CustomerProfileView,
  InboxAddressesView,
  ProfilePatchInput,
  WalletWarrantyView,
} from './customers.schemas.js'
import { toWalletWarranty } from './wallet.js'

export interface WalletQuery extends PageRequest {
  status?: 'active' | 'expiring' | 'expired'
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'

/** 130 random bits as 26 lower-case base32 characters: an inbox local part nobody can guess. */
export function randomLocalPart(): string {
  const bytes = randomBytes(17)
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5 && out.length < 26) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
    value &= (1 << bits) - 1
  }
  return out
}

const toProfile = (row: ProfileRow): CustomerProfileView => ({
  ...row,
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** The signed-in customer's profile, wallet and inbox addresses; always the caller's own. */
export class CustomersService {
  constructor(
    private readonly deps: { db: Db; publicApiUrl: string; inboxDomain: string; events?: WarrantyEvents },
  ) {}

  /**
   * Claims the warranties issued to the customer since they last proved the address: issuing
   * never claims (the merchant's answer would tell that the address is a verified customer's),
   * the customer does, by a link, a sign-in, or here, by looking at the wallet.
   */
  private async takeNewWarranties(customerId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const claimed = await claimWalletWarranties(tx, customerId)
      if (claimed.length > 0) await this.deps.events?.record(tx, 'warranty.claimed', claimed)
    })
  }

  async profile(customerId: string): Promise<CustomerProfileView> {
    const row = await findProfile(this.deps.db, customerId)
    if (!row) throw new AppError('unauthorized')
    return toProfile(row)
  }

  async updateProfile(customerId: string, patch: ProfilePatchInput): Promise<CustomerProfileView> {
    if (
      patch.subscriptionTier !== undefined ||
      patch.reminderDaysBeforeExpiry !== undefined ||
      patch.language !== undefined
    ) {
      await saveProfile(this.deps.db, customerId, patch)
    }
    return this.profile(customerId)
  }

  /** Ends every session of the customer, this one too: every token issued so far answers 401. */
  async signOutEverywhere(customerId: string): Promise<void> {
    await revokeTokens(this.deps.db, customerId)
  }

  /** The customer's warranties across merchants, newest first, in pages. */
  async wallet(customerId: string, query: WalletQuery): Promise<PageResult<WalletWarrantyView>> {
    await this.takeNewWarranties(customerId)
    const filter = await this.filterOf(customerId, query.status)
    const now = new Date()
    return paginate(
      query,
      (window) => listWalletWarranties(this.deps.db, customerId, filter, window),
      (row) => toWalletWarranty(row, this.deps.publicApiUrl, now),
    )
  }

  /** One warranty of the wallet; another customer's answers 404 like an unknown id. */
  async walletWarranty(customerId: string, id: string): Promise<WalletWarrantyView> {
    await this.takeNewWarranties(customerId)
    const row = await findWalletWarranty(this.deps.db, customerId, id)
    if (!row) throw new AppError('not_found', 'No such warranty')
    return toWalletWarranty(row, this.deps.publicApiUrl)
  }

  /** The focused warranty of a claim when it is one of the customer's, else null. */
  async focus(customerId: string, id: string | undefined): Promise<WalletWarrantyView | null> {
    const row = id ? await findWalletWarranty(this.deps.db, customerId, id) : null
    return row ? toWalletWarranty(row, this.deps.publicApiUrl) : null
  }

  /** The customer's inbox addresses; the first is created on first use. */
  async inboxAddresses(customerId: string): Promise<InboxAddressesView> {
    const { db, inboxDomain } = this.deps
    let rows = await listInboxAddresses(db, customerId)
    if (rows.length === 0)
      rows = await db.transaction(async (tx) => {
        // Two first calls at once: the second waits here, then finds the first one's address.
        await lockUser(tx, customerId)
        const existing = await listInboxAddresses(tx, customerId)
        if (existing.length > 0) return existing
        for (let attempt = 0; attempt < 5; attempt++) {
          const created = await insertInboxAddress(tx, customerId, randomLocalPart())
          if (created) return [created]
        }
        throw new Error('no free inbox local part after 5 attempts')
      })
    const addresses = rows.map((r: InboxAddressRow) => ({
      id: r.id,
      address: `${r.localPart}@${inboxDomain}`,
      createdAt: r.createdAt.toISOString(),
    }))
    const first = addresses[0]
    if (!first) throw new Error('no inbox address')
    return { address: first.address, addresses }
  }

  private async filterOf(customerId: string, status: WalletQuery['status']): Promise<WalletFilter> {
    if (status !== 'expiring') return status ?? null
    const profile = await findProfile(this.deps.db, customerId)
    return { expiring: { withinDays: profile?.reminderDaysBeforeExpiry ?? DEFAULT_REMINDER_DAYS } }
  }
}
