import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../src/db/client.js'
import {
  claimLinks,
  globalProducts,
  type MailMessageRow,
  type MintStatus,
  mailMessages,
  merchantProducts,
  warranties,
} from '../../src/db/schema/index.js'
import { openData, outboxKey } from '../../src/modules/mail/sealed-data.js'
import type {
  IssueInput,
  WarrantyWithNotificationResponse,
} from '../../src/modules/warranties/warranties.service.js'
import type { TestService } from './harness.js'
import { TEST_JWT_SECRET } from './harness.js'

export const uniqueSerial = (label = 'SN') => `${label}-${randomUUID().slice(0, 12).toUpperCase()}`

export async function createGlobalProduct(
  db: Db,
  overrides: Partial<typeof globalProducts.$inferInsert> = {},
) {
  const [row] = await db
    .insert(globalProducts)
    .values({ brand: 'Sonix', model: `Model ${randomUUID().slice(0, 6)}`, category: 'Audio', ...overrides })
    .returning()
  if (!row) throw new Error('global product not created')
  return row
}

export async function createMerchantProduct(
  db: Db,
  merchantId: string,
  overrides: Partial<typeof merchantProducts.$inferInsert> = {},
) {
  const [row] = await db
    .insert(merchantProducts)
    .values({
      merchantId,
      merchantSku: `SKU-${randomUUID().slice(0, 8)}`,
      title: 'Headphones X',
      ...overrides,
    })
    .returning()
  if (!row) throw new Error('merchant product not created')
  return row
}

/** Issues a warranty through the service (no HTTP), as a merchant user. */
export async function issueWarranty(
  svc: TestService,
  actor: { merchantId: string | null; id: string },
  input: Partial<IssueInput> = {},
): Promise<WarrantyWithNotificationResponse> {
  if (!actor.merchantId) throw new Error('the actor is not a merchant user')
  const result = await svc.services.warranties.issue(
    { merchantId: actor.merchantId, userId: actor.id },
    { serialNumber: uniqueSerial(), ...input },
  )
  return result.body
}

export async function setMint(
  db: Db,
  id: string,
  values: {
    status: MintStatus
    attempts?: number
    error?: string | null
    tokenId?: number | null
    txHash?: string | null
    chainId?: number | null
    contractAddress?: string | null
    metadataCid?: string | null
  },
): Promise<void> {
  await db
    .update(warranties)
    .set({
      mintStatus: values.status,
      ...(values.attempts !== undefined ? { mintAttempts: values.attempts } : {}),
      ...(values.error !== undefined ? { mintError: values.error } : {}),
      ...(values.tokenId !== undefined ? { tokenId: values.tokenId } : {}),
      ...(values.txHash !== undefined ? { txHash: values.txHash } : {}),
      ...(values.chainId !== undefined ? { chainId: values.chainId } : {}),
      ...(values.contractAddress !== undefined ? { contractAddress: values.contractAddress } : {}),
      ...(values.metadataCid !== undefined ? { metadataCid: values.metadataCid } : {}),
    })
    .where(eq(warranties.id, id))
}

/**
 * The messages recorded about one subject (`warranty`, `sender_address`), oldest first, their
 * data opened (queued messages are sealed at rest, under a key derived from the test JWT secret).
 */
export async function mailsAbout(db: Db, type: string, id: string): Promise<MailMessageRow[]> {
  const rows = await db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.subjectType, type), eq(mailMessages.subjectId, id)))
    .orderBy(asc(mailMessages.createdAt), asc(mailMessages.id))
  const key = outboxKey(TEST_JWT_SECRET)
  return rows.map((row) => ({ ...row, data: openData([key], row.data) }))
}

/** The claim ids e-mailed for a warranty (read from the recorded messages), oldest first. */
export async function claimIdsOf(db: Db, warrantyId: string): Promise<string[]> {
  const mails = await mailsAbout(db, 'warranty', warrantyId)
  return mails.map((m) => {
    const url = new URL((m.data as { claimUrl: string }).claimUrl)
    return url.searchParams.get('claimId') ?? ''
  })
}

/** The verification tokens e-mailed to a sender address, oldest first. */
export async function verifyTokensOf(db: Db, addressId: string): Promise<string[]> {
  const mails = await mailsAbout(db, 'sender_address', addressId)
  return mails.map((m) => (m.data as { verifyUrl: string }).verifyUrl.split('/').at(-1) ?? '')
}

export async function claimLinksOf(db: Db, warrantyId: string) {
  return db
    .select()
    .from(claimLinks)
    .where(eq(claimLinks.warrantyId, warrantyId))
    .orderBy(asc(claimLinks.createdAt), asc(claimLinks.id))
}
