/**
 * Database lock keys (arbitrary constants) of the features' exclusive runs, held through
 * `database.exclusive(key, fn)`: one place, so that no two runs share a key by accident.
 */
export const LOCK_KEYS = {
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
} as const
