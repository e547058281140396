/**
 * The database lock keys, in one place so that no two uses share a key by accident. The values
 * are arbitrary constants, but every process on the database must use the same number for the
 * same lock: never change one.
 */

/**
 * Held (`pg_advisory_lock`, src/db/client.ts) while migrating, so that several processes starting
 * together against one PostgreSQL apply each migration once.
 */
export const MIGRATION_LOCK = 727_274_001

/**
 * The namespace of the per-key blob locks (two-int form: a space of its own, apart from the
 * single-bigint session locks of the pipelines). Savers, deleters and the sweep of one blob key
 * serialise on `pg_advisory_xact_lock(namespace, hashtext(key))` (src/modules/receipts).
 */
export const BLOB_LOCK_NAMESPACE = 727_274_013

/**
 * The namespace of the per-request idempotency locks (two-int form): concurrent requests with
 * one merchant's Idempotency-Key serialise on `pg_advisory_xact_lock(namespace, hashtext(merchant|key))`.
 */
export const IDEMPOTENCY_LOCK_NAMESPACE = 727_274_101

/**
 * The namespace of the per-serial issuing locks (two-int form): issues of one (merchant,
 * product, serial) serialise on `pg_advisory_xact_lock(namespace, hashtext(…))` for the
 * active-duplicate check.
 */
export const SERIAL_LOCK_NAMESPACE = 727_274_102

/**
 * The namespace of the per-merchant compaction locks of merchant_warranty_days (two-int form):
 * one compaction of a merchant's day counts at a time; others skip (`pg_try_advisory_xact_lock`).
 */
export const WARRANTY_DAYS_LOCK_NAMESPACE = 727_274_103

/** The features' exclusive runs, held through `database.exclusive(key, fn)`. */
export const LOCK_KEYS = {
  /** A minting run. */
  mint: 727_274_002,
  /** A mail dispatch. */
  mail: 727_274_003,
  /** A receipt OCR run. */
  receiptOcr: 727_274_012,
  /** An ownership run: exports, Transfer events. */
  ownership: 727_274_019,
  /** A webhook delivery run. */
  webhooks: 727_274_020,
  /** An anchoring run of service events. */
  anchor: 727_274_021,
  /** A CSV import processing run. */
  imports: 727_274_022,
  /** A run of claims' push notifications. */
  claimPushes: 727_274_023,
  /** A run of known-serial uploads (registration by the buyer). */
  registrationSerials: 727_274_024,
  /** Setting up the job queue's queues at start (one process at a time: src/jobs/queue.ts). */
  jobQueues: 727_274_025,
} as const
