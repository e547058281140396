import { and, eq, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { keysetPage, type PageWindow } from '../../db/keyset-page.js'
import {
  merchantProducts,
  merchants,
  type ProductRegistrationRow,
  productRegistrations,
  type RegistrationStatus,
  users,
  warranties,
} from '../../db/schema/index.js'

/** Registrations as the API shows them: one, or a page of a merchant's or a customer's. */

/** A registration as the API shows it: with its product, merchant, buyer and warranty code. */
const viewColumns = {
  registration: productRegistrations,
  productTitle: merchantProducts.title,
  gtin: merchantProducts.gtin,
  merchantName: merchants.name,
  customerEmail: users.email,
  warrantyCode: warranties.warrantyCode,
}

export type RegistrationViewRow = {
  registration: ProductRegistrationRow
  productTitle: string
  gtin: string | null
  merchantName: string
  customerEmail: string | null
  warrantyCode: string | null
}

function viewQuery(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(productRegistrations)
    .innerJoin(merchantProducts, eq(merchantProducts.id, productRegistrations.merchantProductId))
    .innerJoin(merchants, eq(merchants.id, productRegistrations.merchantId))
    .leftJoin(users, eq(users.id, productRegistrations.customerId))
    .leftJoin(warranties, eq(warranties.id, productRegistrations.warrantyId))
    .$dynamic()
}

/** One registration, of the merchant or of the customer named (another's: null). */
export async function findRegistrationView(
  db: DbOrTx,
  owner: { merchantId: string } | { customerId: string },
  id: string,
): Promise<RegistrationViewRow | null> {
  const whose =
    'merchantId' in owner
      ? eq(productRegistrations.merchantId, owner.merchantId)
      : eq(productRegistrations.customerId, owner.customerId)
  const [row] = await viewQuery(db)
    .where(and(eq(productRegistrations.id, id), whose))
    .limit(1)
  return row ?? null
}

/** One page, newest first, of the merchant's registrations (or the customer's), by status. */
export async function listRegistrationViews(
  db: DbOrTx,
  owner: { merchantId: string } | { customerId: string },
  status: RegistrationStatus | undefined,
  window: PageWindow,
): Promise<(RegistrationViewRow & { createdAt: Date; id: string })[]> {
  const filters: (SQL | undefined)[] = [
    'merchantId' in owner
      ? eq(productRegistrations.merchantId, owner.merchantId)
      : eq(productRegistrations.customerId, owner.customerId),
    status ? eq(productRegistrations.status, status) : undefined,
  ]
  const rows = await keysetPage(viewQuery(db), productRegistrations, window, filters)
  return rows.map((row) => ({ ...row, createdAt: row.registration.createdAt, id: row.registration.id }))
}
