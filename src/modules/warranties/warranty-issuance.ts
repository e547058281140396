import type { Tx } from '../../db/client.js'
import { isForeignKeyViolation } from '../../db/sql-helpers.js'
import { AppError } from '../../errors.js'
import { merchantName } from '../merchants/index.js'
import { type CustomerIdentity, findOrCreateCustomer } from '../users/index.js'
import type { WarrantyEvents } from '../webhooks/index.js'
import type { ClaimNotices } from './claim-notices.js'
import { emailQuotaExceeded } from './email-quota.repository.js'
import {
  findActiveDuplicates,
  insertWarranties,
  lockSerials,
  serialKeyText,
} from './warranties.repository.js'
import {
  duplicateSerial,
  type IssueActor,
  type PlannedIssue,
  ProductCatalog,
  planIssue,
} from './warranty-plan.js'
import {
  type IssueInput,
  toWarrantyResponse,
  type WarrantyWithNotificationResponse,
} from './warranty-response.js'

export type { IssueActor }

/** What issuing needs besides the transaction: warranty codes, claim notices, webhooks. */
export interface IssueContext {
  nextCode: () => string
  notices: ClaimNotices
  events?: WarrantyEvents | undefined
}

const GLOBAL_PRODUCT_FK = 'warranties_global_product_id_global_products_id_fk'

/**
 * Issues a warranty in the caller's transaction: the products named, the expiry, the duplicate
 * check under the serial's lock, the customer, the row and the claim notice.
 */
export async function issueWarranty(
  tx: Tx,
  context: IssueContext,
  actor: IssueActor,
  input: IssueInput,
): Promise<WarrantyWithNotificationResponse> {
  const now = new Date()
  const planned = planIssue(actor, input, await ProductCatalog.load(tx, actor.merchantId, [input]), now)
  await lockSerials(tx, [planned.key])
  const duplicate = (await findActiveDuplicates(tx, actor.merchantId, [planned.key])).get(
    serialKeyText(planned.key),
  )
  if (duplicate) throw duplicateSerial(duplicate)
  const [answer] = await insertPlanned(tx, context, actor, [planned], now)
  if (!answer) throw new Error('the warranty was not inserted')
  // The claim e-mail counts against the merchant's daily quota: over it, the transaction rolls
  // back and nothing is issued (429). Taken last, so that the day's row (locked until the commit)
  // holds concurrent issues of one merchant back for as short a time as possible.
  if (planned.customerEmail && (await context.notices.reserve(tx, actor.merchantId, 1)) < 1) {
    throw emailQuotaExceeded()
  }
  return answer
}

/**
 * Inserts planned warranties whose serials are locked and checked (one statement for all),
 * with their customers (found or created), their webhook events and their claim e-mails.
 * Answers each warranty as the issue route does, in the order given.
 */
export async function insertPlanned(
  tx: Tx,
  context: IssueContext,
  actor: IssueActor,
  planned: readonly PlannedIssue[],
  now: Date,
): Promise<WarrantyWithNotificationResponse[]> {
  if (planned.length === 0) return []
  // Each upsert locks its customer's row until the commit: taken in one order (the addresses
  // sorted), two requests naming the same customers cannot deadlock on them.
  const customers = new Map<string, CustomerIdentity>()
  const addresses = new Set(planned.flatMap((p) => (p.customerEmail ? [p.customerEmail] : [])))
  const byAddress = [...addresses].sort((a, b) => {
    const [x, y] = [a.toLowerCase(), b.toLowerCase()]
    return x < y ? -1 : x > y ? 1 : 0
  })
  for (const email of byAddress) {
    customers.set(email, await findOrCreateCustomer(tx, email))
  }
  const customerOf = (p: PlannedIssue) => (p.customerEmail ? customers.get(p.customerEmail) : undefined)
  const rows = await insertWarrantiesOr404(
    tx,
    planned.map((p) => {
      // The warranty is in the customer's wallet at once, but it is claimed only when the customer
      // takes it (a link, a sign-in, the next look at the wallet): the merchant's answer never
      // tells whether the address belongs to a customer who proved it (docs/security.md).
      return { ...p.values, customerId: customerOf(p)?.id ?? null, claimedAt: null }
    }),
    context.nextCode,
  )
  // Merchants' webhooks, in this transaction (docs/webhooks.md).
  await context.events?.record(tx, 'warranty.issued', rows)
  const merchant =
    customers.size > 0 ? (actor.merchantName ?? (await merchantName(tx, actor.merchantId))) : ''
  const answers: WarrantyWithNotificationResponse[] = []
  for (const [i, row] of rows.entries()) {
    const p = planned[i] as PlannedIssue
    // The answer is built from the inserted row and the product names read before (no re-read).
    const warranty = { ...row, ...p.names }
    const customer = customerOf(p)
    if (customer) await context.notices.email(tx, { ...warranty, merchantName: merchant }, customer.id)
    answers.push({ ...toWarrantyResponse(warranty, now), notification: customer ? 'queued' : 'none' })
  }
  return answers
}

/**
 * `insertWarranties`, but a global product deleted by a concurrent transaction after it was
 * read (the insert's foreign-key check waits for that delete, then fails) answers 404 like an
 * unknown one, not 500.
 */
async function insertWarrantiesOr404(...args: Parameters<typeof insertWarranties>) {
  try {
    return await insertWarranties(...args)
  } catch (err) {
    if (isForeignKeyViolation(err, GLOBAL_PRODUCT_FK)) {
      throw new AppError('not_found', 'No such global product')
    }
    throw err
  }
}
