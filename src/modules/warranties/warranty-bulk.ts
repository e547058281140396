import { Compile } from 'typebox/compile'
import type { Tx } from '../../db/client.js'
import { AppError, type ErrorCode, type ErrorDetail } from '../../errors.js'
import { schemaIssueDetails, type ValidationIssue } from '../../http/error-handler.js'
import { emailQuotaExceeded } from './email-quota.repository.js'
import { findActiveDuplicates, lockSerials, serialKeyText } from './warranties.repository.js'
import { IssueBody } from './warranties.schemas.js'
import { type IssueContext, insertPlanned } from './warranty-issuance.js'
import {
  duplicateSerial,
  type IssueActor,
  type PlannedIssue,
  ProductCatalog,
  planIssue,
} from './warranty-plan.js'
import type { IssueInput, WarrantyWithNotificationResponse } from './warranty-response.js'

/** The most warranties one bulk request may issue. */
export const BULK_MAX_ITEMS = 1000

/** One item's answer: the warranty created, or the error that item alone would have had. */
export interface BulkItemOutcome {
  index: number
  status: 'created' | 'failed'
  warranty?: WarrantyWithNotificationResponse
  error?: { error: ErrorCode; message: string; details?: ErrorDetail[] }
}

export interface BulkIssueResult {
  created: number
  failed: number
  items: BulkItemOutcome[]
}

// The issue route's own body schema, checked item by item: one bad item fails alone.
const issueBody = Compile(IssueBody)

/** The item's error as the issue route would answer it, its paths under `/body/items/{index}`. */
function failed(index: number, error: AppError): BulkItemOutcome {
  const base = `/body/items/${index}`
  const details = error.details?.map((d) => ({ ...d, path: d.path.replace(/^\/body/, base) }))
  return {
    index,
    status: 'failed',
    error: { error: error.code, message: error.message, ...(details ? { details } : {}) },
  }
}

function schemaError(item: unknown): AppError | null {
  if (issueBody.Check(item)) return null
  const issues = [...issueBody.Errors(item)] as ValidationIssue[]
  return new AppError('validation_error', undefined, schemaIssueDetails(issues, '/body'))
}

/** Where an item comes from, recorded on its warranty: a CSV import's line (unique per import). */
export type ItemOrigin = (index: number) => { importId: string; importLine: number }

/**
 * Issues up to BULK_MAX_ITEMS warranties in the caller's transaction, each under the rules of
 * one issue (schema, price, dates, products, duplicate serials, also between items of the
 * request). Items that fail are answered with their error and the others are issued: products
 * read once, all serials locked and checked in one statement each, one multi-row insert.
 */
export async function issueBulk(
  tx: Tx,
  context: IssueContext,
  actor: IssueActor,
  items: readonly unknown[],
  origin?: ItemOrigin,
): Promise<BulkIssueResult> {
  const now = new Date()
  const outcomes: BulkItemOutcome[] = new Array(items.length)
  const valid: { index: number; input: IssueInput }[] = []
  for (const [index, item] of items.entries()) {
    const error = schemaError(item)
    if (error) outcomes[index] = failed(index, error)
    else valid.push({ index, input: item as IssueInput })
  }
  const catalog = await ProductCatalog.load(
    tx,
    actor.merchantId,
    valid.map((v) => v.input),
  )
  const planned: { index: number; plan: PlannedIssue }[] = []
  for (const { index, input } of valid) {
    try {
      planned.push({ index, plan: planIssue(actor, input, catalog, now) })
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      outcomes[index] = failed(index, err)
    }
  }
  const keys = planned.map((p) => p.plan.key)
  await lockSerials(tx, keys)
  const existing = await findActiveDuplicates(tx, actor.merchantId, keys)
  const toInsert: typeof planned = []
  // An item repeating the serial of an earlier, unexpired item: index → that item's index. As
  // for one issue, an expired warranty covers nothing (years of sales may sell a serial twice).
  const repeats = new Map<number, number>()
  const coveringItem = new Map<string, number>()
  for (const p of planned) {
    const text = serialKeyText(p.plan.key)
    const covered = existing.get(text)
    const first = coveringItem.get(text)
    if (covered) outcomes[p.index] = failed(p.index, duplicateSerial(covered))
    else if (first !== undefined) repeats.set(p.index, first)
    else {
      if (p.plan.values.expiresAt > now) coveringItem.set(text, p.index)
      toInsert.push(p)
    }
  }
  // Claim e-mails count against the merchant's daily quota, in item order: an item past it is
  // not issued and fails with `email_quota_exceeded` (docs/api.md, Bulk issue and CSV import).
  const emailing = toInsert.filter((p) => p.plan.customerEmail)
  const granted = await context.notices.reserve(tx, actor.merchantId, emailing.length)
  for (const p of emailing.slice(granted)) {
    outcomes[p.index] = failed(p.index, emailQuotaExceeded())
    toInsert.splice(toInsert.indexOf(p), 1)
  }
  const answers = await insertPlanned(
    tx,
    context,
    actor,
    toInsert.map((p) => (origin ? { ...p.plan, values: { ...p.plan.values, ...origin(p.index) } } : p.plan)),
    now,
  )
  for (const [n, p] of toInsert.entries()) {
    outcomes[p.index] = {
      index: p.index,
      status: 'created',
      warranty: answers[n] as WarrantyWithNotificationResponse,
    }
  }
  for (const [index, first] of repeats) {
    const code = outcomes[first]?.warranty?.warrantyCode ?? `item ${first}`
    outcomes[index] = failed(index, duplicateSerial(code))
  }
  return { created: toInsert.length, failed: items.length - toInsert.length, items: outcomes }
}
