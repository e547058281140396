import { describe, expect, it } from 'vitest'
import { orderedIds } from '../../src/lib/ordered-ids.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('orderedIds', () => {
  it('draws valid version-7 uuids that sort (as PostgreSQL compares them) in the order given', () => {
    for (const count of [2, 64, 65, 5000, 70_000]) {
      const ids = orderedIds(count, Date.UTC(2026, 10, 29))
      expect(ids.every((id) => UUID.test(id))).toBe(true)
      expect(new Set(ids).size).toBe(count)
      // uuid order is byte order, which is the order of the lower-case hex text.
      expect([...ids].sort()).toEqual(ids)
    }
  })

  it('starts with the time, so that a later statement sorts after an earlier one', () => {
    const [early] = orderedIds(1, Date.UTC(2026, 10, 29, 4, 0, 0, 0))
    const [late] = orderedIds(1, Date.UTC(2026, 10, 29, 4, 0, 0, 1))
    expect((early as string) < (late as string)).toBe(true)
    // The first 48 bits are the milliseconds since the epoch.
    expect(early?.replace(/-/g, '').slice(0, 12)).toBe(
      Date.UTC(2026, 10, 29, 4).toString(16).padStart(12, '0'),
    )
  })
})
