import type { DbOrTx } from '../../db/client.js'
import {
  findMerchant,
  merchantProductRows,
  merchantSenderAddresses,
  merchantUsers,
  type WarrantyExportRow,
  warrantyPage,
} from './operations.repository.js'

const PAGE = 1000

/** Where the export goes: a write that resolves once the chunk is accepted (back-pressure). */
export type ExportSink = (chunk: string) => Promise<void>

/**
 * One merchant's data as a JSON document: the merchant, its users (no password hashes), products,
 * sender addresses (no token hashes) and every warranty with its customer fields and mint. The
 * warranties are read and written a page at a time, so a merchant of any size streams through in
 * bounded memory. Answers the number of warranties written, or null when there is no such merchant.
 */
export async function exportMerchant(
  db: DbOrTx,
  merchantId: string,
  write: ExportSink,
  now = new Date(),
): Promise<number | null> {
  const merchant = await findMerchant(db, merchantId)
  if (!merchant) return null
  const head = {
    format: 'warranty-service.merchant-export.v1',
    exportedAt: now.toISOString(),
    merchant,
    users: await merchantUsers(db, merchantId),
    products: await merchantProductRows(db, merchantId),
    senderAddresses: await merchantSenderAddresses(db, merchantId),
  }
  const text = JSON.stringify(head, null, 2)
  await write(`${text.slice(0, -2)},\n  "warranties": [`)
  let written = 0
  let after: WarrantyExportRow | null = null
  for (;;) {
    const page: WarrantyExportRow[] = await warrantyPage(db, merchantId, after, PAGE)
    for (const row of page) {
      await write(`${written === 0 ? '\n' : ',\n'}    ${JSON.stringify(row)}`)
      written++
    }
    after = page.at(-1) ?? null
    if (page.length < PAGE) break
  }
  await write(`${written === 0 ? '' : '\n  '}]\n}\n`)
  return written
}
