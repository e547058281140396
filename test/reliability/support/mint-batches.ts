/**
 * The minting pipeline's batches as PostgreSQL holds them (table `mint_batches`), for a test that
 * must kill a worker while a batch is in flight: PREPARED (token ids reserved, metadata pinned,
 * not yet sent) or SENT (the `mintBatch` transaction sent, not yet confirmed and recorded).
 */
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'

export type UnsettledStatus = 'PREPARED' | 'SENT'

export interface BatchInFlight {
  id: string
  status: UnsettledStatus
  quantity: number
}

export class MintBatches {
  private constructor(private readonly client: pg.Client) {}

  static async open(databaseUrl: string): Promise<MintBatches> {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    return new MintBatches(client)
  }

  /** Batches PREPARED or SENT that were created at or after `since` (ms since the epoch). */
  async unsettled(since: number): Promise<BatchInFlight[]> {
    const { rows } = await this.client.query<BatchInFlight>(
      `select id, status, quantity from mint_batches
        where status in ('PREPARED', 'SENT') and created_at >= to_timestamp($1::double precision / 1000)`,
      [since],
    )
    return rows
  }

  /**
   * Polls every `everyMs` until a batch created since `since` is in flight; answers those
   * batches, or [] after `timeoutMs`.
   */
  async waitForUnsettled(since: number, timeoutMs: number, everyMs = 20): Promise<BatchInFlight[]> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const batches = await this.unsettled(since)
      if (batches.length > 0 || Date.now() > deadline) return batches
      await sleep(everyMs)
    }
  }

  /** The current status of each batch named. */
  async statuses(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map()
    const { rows } = await this.client.query<{ id: string; status: string }>(
      'select id, status from mint_batches where id = any($1::uuid[])',
      [ids],
    )
    return new Map(rows.map((r) => [r.id, r.status]))
  }

  /** Batches per status, over the whole table. */
  async tally(): Promise<Record<string, number>> {
    const { rows } = await this.client.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from mint_batches group by status order by status',
    )
    return Object.fromEntries(rows.map((r) => [r.status, r.n]))
  }

  close(): Promise<void> {
    return this.client.end()
  }
}
