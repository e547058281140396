import type { Db } from '../../db/client.js'
import type { WarrantyRow } from '../../db/schema/index.js'
import type { WarrantyEvents } from './webhook-events.js'
import type { SecretBox } from './webhook-secrets.js'
import { allEndpoints, merchantsSubscribedTo, storeSealedSecrets } from './webhooks.repository.js'

/** `warranty.expiring` is sent this many days before a warranty's expiry. */
export const EXPIRING_WITHIN_DAYS = 30

/** Lists the warranties of these merchants expiring within the days given (not yet expired). */
export type ExpiringWarranties = (
  db: Db,
  merchantIds: readonly string[],
  withinDays: number,
) => Promise<WarrantyRow[]>

/**
 * The hourly sweep behind `warranty.expiring`: every warranty expiring within 30 days, of a
 * merchant with an endpoint taking the event, is recorded once per endpoint (the event id is
 * derived from the warranty, so the same warranty found again adds nothing).
 */
export async function recordExpiring(
  db: Db,
  events: WarrantyEvents,
  list: ExpiringWarranties,
): Promise<void> {
  const merchantIds = await merchantsSubscribedTo(db, 'warranty.expiring')
  if (merchantIds.length === 0) return
  const warranties = await list(db, merchantIds, EXPIRING_WITHIN_DAYS)
  if (warranties.length === 0) return
  await db.transaction((tx) => events.record(tx, 'warranty.expiring', warranties))
}

/** Re-seals under the current JWT_SECRET's key the secrets still sealed under the previous one. */
export async function resealSecrets(db: Db, box: SecretBox): Promise<number> {
  let resealed = 0
  for (const endpoint of await allEndpoints(db)) {
    const current = [endpoint.secret, endpoint.previousSecret].every((s) => s === null || box.isCurrent(s))
    if (current) continue
    const reseal = (s: string) => box.seal(box.open(s))
    await storeSealedSecrets(db, endpoint.id, {
      secret: reseal(endpoint.secret),
      previousSecret: endpoint.previousSecret === null ? null : reseal(endpoint.previousSecret),
    })
    resealed++
  }
  return resealed
}
