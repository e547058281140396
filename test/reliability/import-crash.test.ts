/**
 * A CSV import across a `kill -9` (issue 16), with real processes: the built service imports
 * a file of LINES lines, some of them bad, in chunks of CHUNK lines; when some chunks are
 * committed and others are not, the process group is killed with SIGKILL. The service starts
 * again on the same data and the import resumes from its last committed chunk: it ends DONE
 * with every good line issued exactly once (one warranty per serial number, none missing) and
 * every bad line in the error report once, by its line number.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from './support/build.js'
import { createScenario } from './support/scenario.js'
import { allWarranties, request, setUpMerchant } from './support/service-api.js'

const LINES = Number(process.env.IMPORT_CRASH_LINES ?? 6000)
const CHUNK = 250
/** Every BAD_EVERY-th line has a duration that is not a number: reported, never issued. */
const BAD_EVERY = 97

interface ImportState {
  id: string
  state: string
  lines: number
  processed: number
  created: number
  failed: number
  errors: { items: { line: number; error: string }[]; total: number; nextCursor: string | null }
}

async function importState(base: string, token: string, id: string, query = ''): Promise<ImportState> {
  const res = await request(`${base}/v1/merchant/warranties/imports/${id}${query}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (res.status !== 200) throw new Error(`GET import answered ${res.status}: ${res.body}`)
  return JSON.parse(res.body) as ImportState
}

describe('a CSV import across a kill -9', () => {
  beforeAll(() => ensureBuilt(), 600_000)

  it('resumes from the last committed chunk and issues every good line exactly once', async () => {
    const scenario = await createScenario(`import-crash`)
    try {
      const env = { IMPORT_CHUNK_LINES: String(CHUNK) }
      const first = scenario.service({ env })
      await first.start()
      const { token, productId } = await setUpMerchant(first.url)
      const batch = Date.now().toString(36)
      const good: string[] = []
      const bad: number[] = []
      const rows = ['serialNumber,merchantProductId,warrantyDurationMonths']
      for (let i = 0; i < LINES; i++) {
        const serial = `IC-${batch}-${i}`
        const line = i + 2
        if (i % BAD_EVERY === 0) bad.push(line)
        else good.push(serial)
        rows.push(`${serial},${productId},${i % BAD_EVERY === 0 ? 'soon' : '12'}`)
      }
      const res = await request(`${first.url}/v1/merchant/warranties/imports`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
        body: `${rows.join('\n')}\n`,
        timeoutMs: 60_000,
      })
      expect(res.status, res.body).toBe(202)
      const id = (JSON.parse(res.body) as ImportState).id

      // Kill when some chunks are committed and most are not.
      let before: ImportState
      for (;;) {
        before = await importState(first.url, token, id, '?errorsLimit=1')
        if (before.processed >= CHUNK) break
        expect(before.state).not.toBe('DONE')
        await sleep(10)
      }
      await first.crash()
      expect(before.processed).toBeLessThan(LINES)

      const second = scenario.service({ env })
      await second.start()
      const restarted = Date.now()
      let after: ImportState
      const deadline = Date.now() + 90_000
      for (;;) {
        after = await importState(second.url, token, id, '?errorsLimit=1000')
        if (after.state === 'DONE' || after.state === 'FAILED' || Date.now() > deadline) break
        await sleep(200)
      }
      const afterRestartMs = Date.now() - restarted
      expect(after).toMatchObject({
        state: 'DONE',
        lines: LINES,
        processed: LINES,
        created: good.length,
        failed: bad.length,
      })
      expect(after.errors.items.map((e) => e.line)).toEqual(bad)
      expect(after.errors.items.every((e) => e.error === 'validation_error')).toBe(true)
      const serials = (await allWarranties(second.url, token)).map((w) => w.serialNumber)
      expect(serials).toHaveLength(good.length)
      expect(new Set(serials).size).toBe(good.length)
      expect([...serials].sort()).toEqual([...good].sort())
      scenario.report({
        importCrash: { lines: LINES, chunk: CHUNK, processedBeforeKill: before.processed, afterRestartMs },
      })
    } finally {
      await scenario.close()
    }
  }, 240_000)
})
