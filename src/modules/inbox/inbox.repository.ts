import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import {
  inboundMessages,
  inboxAddresses,
  receipts,
  senderAddresses,
  users,
  warranties,
} from '../../db/schema/index.js'

/** The customer an inbox address belongs to. */
export interface InboxRecipient {
  inboxAddressId: string
  customerId: string
  /** The customer's own (lower-cased) e-mail: one sender always allowed. */
  customerEmail: string
}

/** The active customer whose inbox address has this local part (case-insensitive), or null. */
export async function findInboxRecipient(db: DbOrTx, localPart: string): Promise<InboxRecipient | null> {
  const [row] = await db
    .select({ inboxAddressId: inboxAddresses.id, customerId: users.id, customerEmail: users.email })
    .from(inboxAddresses)
    .innerJoin(users, eq(users.id, inboxAddresses.customerId))
    .where(
      and(
        // Local parts are generated lower-case: the unique index answers.
        eq(inboxAddresses.localPart, localPart.toLowerCase()),
        eq(users.role, 'CUSTOMER'),
        eq(users.status, 'ACTIVE'),
      ),
    )
    .limit(1)
  return row ?? null
}

/**
 * Whether `from` (lower-cased) is a verified sender address of a merchant that issued this
 * customer a warranty (claimed into the wallet, or issued to the customer's e-mail). The inbox
 * only reads the sender-address and warranty tables, for this one question.
 */
export async function isMerchantSenderOf(
  db: DbOrTx,
  recipient: InboxRecipient,
  from: string,
): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(senderAddresses)
    .where(
      and(
        eq(senderAddresses.email, from),
        isNotNull(senderAddresses.verifiedAt),
        sql`exists (select 1 from ${warranties} where ${warranties.merchantId} = ${senderAddresses.merchantId}
          and (${warranties.customerId} = ${recipient.customerId} or ${warranties.customerEmail} = ${recipient.customerEmail}))`,
      ),
    )
    .limit(1)
  return rows.length > 0
}

export interface InboundRow {
  id: string
  receiptCount: number
}

export async function findInbound(
  db: DbOrTx,
  customerId: string,
  messageId: string,
): Promise<InboundRow | null> {
  const [row] = await db
    .select({ id: inboundMessages.id, receiptCount: inboundMessages.receiptCount })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.customerId, customerId), eq(inboundMessages.messageId, messageId)))
  return row ?? null
}

export async function insertInbound(
  db: DbOrTx,
  values: {
    customerId: string
    inboxAddressId: string
    messageId: string
    fromAddress: string
    subject: string | null
  },
): Promise<InboundRow> {
  const [row] = await db
    .insert(inboundMessages)
    .values({ ...values, receiptCount: 0 })
    .returning({ id: inboundMessages.id, receiptCount: inboundMessages.receiptCount })
  if (!row) throw new Error('inbound message not inserted')
  return row
}

/** Marks the message done: from now on a redelivery creates nothing. */
export async function completeInbound(db: DbOrTx, id: string, receiptCount: number): Promise<void> {
  await db.update(inboundMessages).set({ receiptCount }).where(eq(inboundMessages.id, id))
}

export async function deleteInbound(db: DbOrTx, id: string): Promise<void> {
  await db.delete(inboundMessages).where(eq(inboundMessages.id, id))
}

/** The receipts an unfinished attempt created for this message (read only; removed through the receipts service). */
export async function receiptIdsOfInbound(db: DbOrTx, inboundId: string): Promise<string[]> {
  const rows = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(eq(receipts.inboundMessageId, inboundId))
  return rows.map((r) => r.id)
}
