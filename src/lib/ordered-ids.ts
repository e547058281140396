import { randomBytes } from 'node:crypto'

/**
 * `count` UUIDs (version 7 layout: a millisecond timestamp, then the position, then random
 * bits) that sort in the order of their position, byte by byte as PostgreSQL compares uuids.
 * Rows written in one statement share their `created_at`; with these ids, a list ordered by
 * (created_at, id) keeps them in the order they were given (a file's lines), instead of the
 * order of random ids. Positions up to 2^24; 50 random bits keep ids of concurrent statements
 * apart.
 */
export function orderedIds(count: number, now = Date.now()): string[] {
  if (count > 1 << 24) throw new Error('orderedIds: at most 2^24 ids at once')
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const bytes = randomBytes(16)
    let ms = now
    for (let b = 5; b >= 0; b--) {
      bytes[b] = ms % 256
      ms = Math.floor(ms / 256)
    }
    // Version 7 (high nibble of byte 6), then the position's 24 bits across bytes 6 to 9 around
    // the variant bits (10xx of byte 8); the low 2 bits of byte 9 and bytes 10 to 15 stay random.
    bytes[6] = 0x70 | ((i >>> 20) & 0x0f)
    bytes[7] = (i >>> 12) & 0xff
    bytes[8] = 0x80 | ((i >>> 6) & 0x3f)
    bytes[9] = ((i & 0x3f) << 2) | ((bytes[9] as number) & 0x03)
    const hex = bytes.toString('hex')
    ids.push(
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    )
  }
  return ids
}
