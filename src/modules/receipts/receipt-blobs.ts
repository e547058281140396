import type { Logger } from 'pino'
import type { BlobStore } from '../../adapters/blobs/index.js'
import type { Db, Tx } from '../../db/client.js'
import {
  blobReferenced,
  blobRowExists,
  deleteBlobRow,
  keysWithRows,
  lockBlobKeys,
  staleUnreferencedKeys,
  stillStale,
  upsertBlobRows,
} from './blobs.repository.js'

/** An object to store: its bytes and their (sniffed) type. */
export interface BlobInput {
  bytes: Uint8Array
  contentType: string
}

/** An object stored by this save: its key, and the bytes (to put again if it went missing). */
export interface PutBlob extends BlobInput {
  key: string
  byteSize: number
}

/** Objects looked up per query, and unreferenced rows removed per sweep run (the rest: next run). */
const SWEEP_BATCH = 1000

export interface SweepCounts {
  orphanObjects: number
  unreferencedRows: number
}

/**
 * Keeps the blob store and the `blobs` rows in step, so that no object is left without a row
 * (an orphan) and no row without its object:
 * - save: put the objects, then in one transaction lock each key, upsert its row, write the
 *   referencing row, check each object is there (a deleter may have removed it between the put
 *   and the lock) and put it again if not; on failure remove the objects put, unless a row
 *   (another save's) keeps them;
 * - release (after a receipt is deleted): under the key's lock, when no receipt references it,
 *   remove the object, then the row;
 * - sweep: objects without a row and rows without a receipt, older than the grace period.
 */
export class ReceiptBlobs {
  constructor(
    private readonly deps: { db: Db; blobs: BlobStore; logger: Logger; orphanGraceSeconds: number },
  ) {}

  /** Runs the save protocol around `write`, which inserts the row(s) referencing the objects. */
  async save<T>(
    inputs: readonly BlobInput[],
    write: (tx: Tx, put: readonly PutBlob[]) => Promise<T>,
  ): Promise<T> {
    const put: PutBlob[] = []
    try {
      for (const input of inputs) {
        const ref = await this.deps.blobs.put(input.bytes, input.contentType)
        put.push({ ...input, key: ref.key, byteSize: ref.byteSize })
      }
      return await this.deps.db.transaction(async (tx) => {
        await lockBlobKeys(
          tx,
          put.map((p) => p.key),
        )
        await upsertBlobRows(tx, put)
        const result = await write(tx, put)
        for (const blob of put) {
          if (!(await this.deps.blobs.has(blob.key))) await this.deps.blobs.put(blob.bytes, blob.contentType)
        }
        return result
      })
    } catch (error) {
      await this.discard(put.map((p) => p.key))
      throw error
    }
  }

  /** After a failed save: removes each object put, unless a row (another save's) keeps it. */
  private async discard(keys: readonly string[]): Promise<void> {
    for (const key of new Set(keys)) {
      try {
        await this.deps.db.transaction(async (tx) => {
          await lockBlobKeys(tx, [key])
          if (!(await blobRowExists(tx, key))) await this.deps.blobs.delete(key)
        })
      } catch (err) {
        // The sweep removes it once the grace period is over.
        this.deps.logger.warn({ err, key }, 'could not remove the object of a failed receipt save')
      }
    }
  }

  /**
   * After the receipt that used them is gone (committed): each object no receipt references any
   * more is removed, then its row, under the key's lock. A failure leaves the row, which the
   * sweep removes later.
   */
  async release(keys: readonly (string | null)[]): Promise<void> {
    for (const key of new Set(keys)) {
      if (key === null) continue
      try {
        await this.deps.db.transaction(async (tx) => {
          await lockBlobKeys(tx, [key])
          if (await blobReferenced(tx, key)) return
          await this.deps.blobs.delete(key)
          await deleteBlobRow(tx, key)
        })
      } catch (err) {
        this.deps.logger.warn({ err, key }, 'could not remove the object of a deleted receipt')
      }
    }
  }

  /**
   * Removes what a crash or a failed clean-up left, once older than the grace period (saves in
   * flight are younger): objects without a row, then rows that no receipt references (object
   * first, then the row, under the key's lock). `now` is a parameter for tests.
   */
  async sweep(now = new Date()): Promise<SweepCounts> {
    const cutoff = new Date(now.getTime() - this.deps.orphanGraceSeconds * 1000)
    const counts: SweepCounts = { orphanObjects: 0, unreferencedRows: 0 }
    // The whole listing, looked up in batches: the rows of a batch are read in one query.
    let old: string[] = []
    for await (const object of this.deps.blobs.list()) {
      if (object.lastModified < cutoff) old.push(object.key)
      if (old.length < SWEEP_BATCH) continue
      counts.orphanObjects += await this.removeOrphans(old)
      old = []
    }
    counts.orphanObjects += await this.removeOrphans(old)
    for (const key of await staleUnreferencedKeys(this.deps.db, cutoff, SWEEP_BATCH)) {
      const removed = await this.deps.db.transaction(async (tx) => {
        await lockBlobKeys(tx, [key])
        if (!(await stillStale(tx, key, cutoff))) return false
        await this.deps.blobs.delete(key)
        await deleteBlobRow(tx, key)
        return true
      })
      if (removed) counts.unreferencedRows++
    }
    return counts
  }

  /** Of `keys` (objects past the grace period), removes those without a row; answers how many. */
  private async removeOrphans(keys: readonly string[]): Promise<number> {
    const kept = await keysWithRows(this.deps.db, keys)
    let removed = 0
    for (const key of keys.filter((k) => !kept.has(k))) {
      const orphan = await this.deps.db.transaction(async (tx) => {
        await lockBlobKeys(tx, [key])
        if (await blobRowExists(tx, key)) return false
        await this.deps.blobs.delete(key)
        return true
      })
      if (orphan) removed++
    }
    return removed
  }

  /** The stored bytes of an object, or null when it is gone. */
  async read(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    return this.deps.blobs.get(key)
  }
}
