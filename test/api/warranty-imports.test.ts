import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warranties, warrantyImportChunks, warrantyImports } from '../../src/db/schema/index.js'
import { createImport, insertChunk, publishImport } from '../../src/modules/imports/imports.repository.js'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import {
  createMerchantProduct,
  issueWarranty,
  mailsAbout,
  uniqueSerial,
} from '../support/warranty-factories.js'

// Small chunks, so that a few lines span several chunks (and transactions); a small body limit.
const CHUNK_LINES = 3
const MAX_BYTES = 256 * 1024
const UNSTORABLE = 'must not contain a NUL character or an unpaired UTF-16 surrogate'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService({
    env: { IMPORT_CHUNK_LINES: String(CHUNK_LINES), IMPORT_MAX_BYTES: String(MAX_BYTES) },
  })
})
afterAll(() => svc?.close())

const tenant = () => createMerchantWithUsers(svc.deps)

const upload = (token: string, csv: string | Buffer, headers: Record<string, string> = {}, query = '') =>
  svc.request({
    method: 'POST',
    url: `/v1/merchant/warranties/imports${query}`,
    payload: csv,
    token,
    headers: { 'content-type': 'text/csv', ...headers },
  })

interface ImportBody {
  id: string
  state: string
  lines: number
  processed: number
  created: number
  failed: number
  errors: {
    items: {
      line: number
      error: string
      message: string
      details?: { path: string; message: string; reason?: string }[]
    }[]
    total: number
    nextCursor: string | null
  }
}

async function finished(token: string, id: string, query = ''): Promise<ImportBody> {
  return waitFor(
    async () => {
      const res = await svc.request({
        method: 'GET',
        url: `/v1/merchant/warranties/imports/${id}${query}`,
        token,
      })
      expect(res.statusCode).toBe(200)
      const body = res.json() as ImportBody
      return body.state === 'DONE' || body.state === 'FAILED' ? body : null
    },
    20_000,
    50,
  )
}

const rowsOf = (merchantId: string) =>
  svc.deps.db.select().from(warranties).where(eq(warranties.merchantId, merchantId))

const importRows = (merchantId: string) =>
  svc.deps.db.select().from(warrantyImports).where(eq(warrantyImports.merchantId, merchantId))

describe('POST /v1/merchant/warranties/imports', () => {
  it('issues the good lines and reports each bad one by its line number and stable code', async () => {
    const { merchant, user } = await tenant()
    const product = await createMerchantProduct(svc.deps.db, merchant.id, { warrantyDurationMonths: 24 })
    const taken = await issueWarranty(svc, user)
    const email = uniqueEmail('buyer')
    const repeated = uniqueSerial()
    const good = [uniqueSerial(), uniqueSerial(), uniqueSerial(), repeated, uniqueSerial()]
    const csv = [
      'serialNumber,merchantProductId,customerEmail,purchasePrice,warrantyDurationMonths,purchaseDate',
      `${good[0]},${product.id},${email},19.99,,2026-01-31T10:00:00Z`, // 2
      `"${good[1]}",,,,6,`, // 3
      '', // 4: blank, skipped
      `${uniqueSerial()},${randomUUID()},,,,`, // 5: unknown product
      `${taken.serialNumber.toLowerCase()},,,,,`, // 6: an active warranty covers it
      `${uniqueSerial()},,,10.001,,`, // 7: three decimals
      `${uniqueSerial()},,,,twelve,`, // 8: not an integer
      `${good[2]},,,,,`, // 9
      'only,three,fields', // 10
      `${repeated},,,,,`, // 11
      `${repeated},,,,,`, // 12: repeats line 11 (another chunk)
      `"${good[3]}, with a comma",,"${email}",,,`, // 13
      `,,,,,`, // 14: no serial number
      `"${good[4]}" trailing,,,,,`, // 15: text after a quoted field
    ].join('\r\n')
    const res = await upload(user.token, `${csv}\r\n`)
    expect(res.statusCode).toBe(202)
    expect(res.json()).toMatchObject({ state: 'PENDING', lines: 13, processed: 0, created: 0, failed: 0 })
    const done = await finished(user.token, res.json().id)
    expect(done).toMatchObject({ state: 'DONE', lines: 13, processed: 13, created: 5, failed: 8 })
    expect(done.errors.total).toBe(8)
    const byLine = Object.fromEntries(done.errors.items.map((e) => [e.line, e]))
    expect(Object.keys(byLine).map(Number)).toEqual([5, 6, 7, 8, 10, 12, 14, 15])
    expect(byLine[5]).toMatchObject({ error: 'not_found' })
    expect(byLine[6]).toMatchObject({
      error: 'conflict',
      details: [{ path: '/serialNumber', message: `already covered by ${taken.warrantyCode}` }],
    })
    expect(byLine[7]).toMatchObject({ error: 'validation_error', details: [{ path: '/purchasePrice' }] })
    expect(byLine[8]).toMatchObject({
      error: 'validation_error',
      details: [{ path: '/warrantyDurationMonths' }],
    })
    expect(byLine[10]).toMatchObject({
      error: 'validation_error',
      message: 'The line has 3 fields, the header 6',
    })
    expect(byLine[12]?.error).toBe('conflict')
    expect(byLine[14]).toMatchObject({ error: 'validation_error', details: [{ path: '/serialNumber' }] })
    expect(byLine[15]?.message).toContain('quoted field is followed by text')

    const rows = await rowsOf(merchant.id)
    const imported = rows.filter((r) => r.importId === done.id)
    expect(
      imported.map((r) => [r.importLine, r.serialNumber]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [2, good[0]],
      [3, good[1]],
      [9, good[2]],
      [11, repeated],
      [13, `${good[3]}, with a comma`],
    ])
    const first = imported.find((r) => r.importLine === 2)
    expect(first).toMatchObject({ merchantProductId: product.id, customerEmail: email, purchasePrice: 19.99 })
    expect(first?.expiresAt.toISOString()).toBe('2028-01-31T10:00:00.000Z')
    expect(imported.find((r) => r.importLine === 3)?.warrantyDurationMonths).toBe(6)
    expect(imported.every((r) => r.issuedBy === user.id && r.mintStatus === 'PENDING')).toBe(true)
    // A claim e-mail for each warranty that names a customer, as one issue sends.
    expect(await mailsAbout(svc.deps.db, 'warranty', first?.id ?? '')).toHaveLength(1)
    // Processed chunks are not kept.
    const left = await svc.deps.db
      .select()
      .from(warrantyImportChunks)
      .where(eq(warrantyImportChunks.importId, done.id))
    expect(left).toHaveLength(0)
  })

  it('reads what a spreadsheet exports: BOM, semicolons, day-first dates, decimal commas, a currency sign', async () => {
    const { merchant, user } = await tenant()
    const product = await createMerchantProduct(svc.deps.db, merchant.id)
    const serials = Array.from({ length: 7 }, () => uniqueSerial())
    const csv = [
      '\uFEFFserialNumber;merchantProductId;purchaseDate;purchasePrice;warrantyDurationMonths',
      `${serials[0]};${product.id};02.03.2025;"1.234,50 €";24`, // 2
      `${serials[1]};;2025-03-02;49,90;24,0`, // 3
      `${serials[2]};;45718;EUR 19.99;`, // 4: an Excel serial day
      `${serials[3]};;13/03/2025;5;`, // 5: a slash date that reads one way
      `${serials[4]};;03/02/2025;5;`, // 6: ambiguous without dateFormat
      `${serials[5]};;2025-03-02;$5.00;`, // 7: not the merchant's currency
      `${serials[6]};;31.02.2025;1,234;`, // 8: no such day, and 1,234 could be either
    ].join('\r\n')
    const res = await upload(user.token, csv)
    expect(res.statusCode).toBe(202)
    const done = await finished(user.token, res.json().id)
    expect(done).toMatchObject({ state: 'DONE', lines: 7, created: 4, failed: 3 })
    const rows = (await rowsOf(merchant.id)).filter((r) => r.importId === done.id)
    const byLine = new Map(rows.map((r) => [r.importLine, r]))
    expect(byLine.get(2)).toMatchObject({ purchasePrice: 1234.5, warrantyDurationMonths: 24 })
    expect(byLine.get(2)?.purchaseDate?.toISOString()).toBe('2025-03-02T00:00:00.000Z')
    expect(byLine.get(2)?.expiresAt.toISOString()).toBe('2027-03-02T00:00:00.000Z')
    expect(byLine.get(3)?.purchaseDate?.toISOString()).toBe('2025-03-02T00:00:00.000Z')
    expect(byLine.get(3)?.purchasePrice).toBe(49.9)
    expect(byLine.get(4)?.purchaseDate?.toISOString()).toBe('2025-03-02T00:00:00.000Z')
    expect(byLine.get(5)?.purchaseDate?.toISOString()).toBe('2025-03-13T00:00:00.000Z')
    // The report: in file order, each refused cell with its column and stable reason.
    expect(
      done.errors.items.map((e) => [e.line, e.error, e.details?.map((d) => [d.path, d.reason])]),
    ).toEqual([
      [6, 'validation_error', [['/purchaseDate', 'date_ambiguous']]],
      [7, 'validation_error', [['/purchasePrice', 'currency_mismatch']]],
      [
        8,
        'validation_error',
        [
          ['/purchaseDate', 'date_invalid'],
          ['/purchasePrice', 'number_ambiguous'],
        ],
      ],
    ])
  })

  it("keeps the file's order in the warranty list (newest first: the last line on top), never shuffled", async () => {
    const { owner } = await tenant()
    const serials = Array.from({ length: 8 }, (_, i) => `ORDER-${i}-${uniqueSerial()}`)
    const res = await upload(owner.token, ['serialNumber', ...serials].join('\n'))
    await finished(owner.token, res.json().id)
    const list = await svc.request({
      method: 'GET',
      url: '/v1/merchant/warranties?limit=50',
      token: owner.token,
    })
    expect(list.json().items.map((w: { serialNumber: string }) => w.serialNumber)).toEqual(
      [...serials].reverse(),
    )
  })

  it('reads slash dates in the order ?dateFormat= names; refuses another value', async () => {
    const { merchant, user } = await tenant()
    const [a, b] = [uniqueSerial(), uniqueSerial()]
    const csv = `serialNumber,purchaseDate\n${a},03/02/2025\n`
    const dmy = await upload(user.token, csv, {}, '?dateFormat=DMY')
    expect(dmy.statusCode).toBe(202)
    expect(await finished(user.token, dmy.json().id)).toMatchObject({ created: 1, failed: 0 })
    const mdy = await upload(
      user.token,
      `serialNumber,purchaseDate\n${b},03/02/2025\n`,
      {},
      '?dateFormat=MDY',
    )
    expect(await finished(user.token, mdy.json().id)).toMatchObject({ created: 1, failed: 0 })
    const rows = await rowsOf(merchant.id)
    expect(rows.find((r) => r.serialNumber === a)?.purchaseDate?.toISOString()).toBe(
      '2025-02-03T00:00:00.000Z',
    )
    expect(rows.find((r) => r.serialNumber === b)?.purchaseDate?.toISOString()).toBe(
      '2025-03-02T00:00:00.000Z',
    )
    const bad = await upload(user.token, csv, {}, '?dateFormat=YMD')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: 'validation_error' })
    // One Idempotency-Key, the same bytes read another way: another request (422).
    const key = { 'idempotency-key': `df-${uniqueSerial()}` }
    const csv2 = `serialNumber,purchaseDate\n${uniqueSerial()},04/05/2025\n`
    expect((await upload(user.token, csv2, key, '?dateFormat=DMY')).statusCode).toBe(202)
    expect((await upload(user.token, csv2, key, '?dateFormat=DMY')).headers['idempotent-replayed']).toBe(
      'true',
    )
    expect((await upload(user.token, csv2, key, '?dateFormat=MDY')).statusCode).toBe(422)
  })

  it('pages the error report by line, and lists imports newest first', async () => {
    const { owner } = await tenant()
    const csv = [
      'serialNumber;warrantyDurationMonths',
      ...Array.from({ length: 7 }, (_, i) => `S${i};x`),
    ].join('\n')
    const res = await upload(owner.token, `\uFEFF${csv}`)
    expect(res.statusCode).toBe(202)
    const done = await finished(owner.token, res.json().id, '?errorsLimit=3')
    expect(done).toMatchObject({ state: 'DONE', created: 0, failed: 7 })
    expect(done.errors.items.map((e) => e.line)).toEqual([2, 3, 4])
    const lines: number[] = []
    let cursor: string | null = null
    do {
      const query: string = `?errorsLimit=3${cursor ? `&errorsCursor=${cursor}` : ''}`
      const page = (
        await svc.request({
          method: 'GET',
          url: `/v1/merchant/warranties/imports/${done.id}${query}`,
          token: owner.token,
        })
      ).json() as ImportBody
      lines.push(...page.errors.items.map((e) => e.line))
      cursor = page.errors.nextCursor
    } while (cursor)
    expect(lines).toEqual([2, 3, 4, 5, 6, 7, 8])
    // A cursor beyond any line (and beyond a 32-bit integer) is an empty page, not a 500.
    const far = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/imports/${done.id}?errorsCursor=3249539404`,
      token: owner.token,
    })
    expect(far.statusCode).toBe(200)
    expect(far.json().errors).toMatchObject({ items: [], nextCursor: null })

    const second = await upload(owner.token, 'serialNumber\nA-1\n')
    const list = await svc.request({
      method: 'GET',
      url: '/v1/merchant/warranties/imports?limit=1',
      token: owner.token,
    })
    expect(list.statusCode).toBe(200)
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([second.json().id])
    const next = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/imports?limit=1&cursor=${list.json().nextCursor}`,
      token: owner.token,
    })
    expect(next.json().items.map((i: { id: string }) => i.id)).toEqual([done.id])
  })

  it('answers the same import to the same Idempotency-Key and body, and 422 to another body', async () => {
    const { merchant, owner, user } = await tenant()
    const key = `import-${randomUUID()}`
    const csv = `serialNumber\n${uniqueSerial()}\n${uniqueSerial()}\n${uniqueSerial()}\n${uniqueSerial()}\n`
    const first = await upload(owner.token, csv, { 'idempotency-key': key })
    expect(first.statusCode).toBe(202)
    await finished(owner.token, first.json().id)
    const again = await upload(user.token, csv, { 'idempotency-key': key })
    expect(again.statusCode).toBe(202)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toMatchObject({ id: first.json().id, state: 'DONE', created: 4 })
    expect(await importRows(merchant.id)).toHaveLength(1)
    expect(await rowsOf(merchant.id)).toHaveLength(4)

    const other = await upload(owner.token, `serialNumber\n${uniqueSerial()}\n`, { 'idempotency-key': key })
    expect(other.statusCode).toBe(422)
    expect(other.json().error).toBe('idempotency_key_reused')
    // The same file again without a key is a new import: its lines are duplicates now.
    const repeat = await upload(owner.token, csv)
    expect(repeat.json().id).not.toBe(first.json().id)
    expect(await finished(owner.token, repeat.json().id)).toMatchObject({ created: 0, failed: 4 })
    expect(await rowsOf(merchant.id)).toHaveLength(4)
    expect(await importRows(merchant.id)).toHaveLength(2)
  })

  it("keeps tenants apart: another merchant's import is 404 and not listed", async () => {
    const a = await tenant()
    const b = await tenant()
    const res = await upload(a.user.token, `serialNumber\n${uniqueSerial()}\n`)
    const id = res.json().id
    await finished(a.user.token, id)
    const other = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/imports/${id}`,
      token: b.owner.token,
    })
    expect(other.statusCode).toBe(404)
    expect(other.json().error).toBe('not_found')
    const list = await svc.request({
      method: 'GET',
      url: '/v1/merchant/warranties/imports',
      token: b.owner.token,
    })
    expect(list.json().items).toEqual([])
    expect(await rowsOf(b.merchant.id)).toHaveLength(0)
  })

  it('refuses a body it cannot read whole with 400 or 413, storing nothing', async () => {
    const { merchant, owner } = await tenant()
    const refusals: [string | Buffer, Record<string, string>, number, unknown][] = [
      [
        'serialNumber\nA-1\nB\u00002\n',
        {},
        400,
        { message: 'Line 3 holds a NUL byte', details: [{ path: '/body', message: UNSTORABLE }] },
      ],
      [
        Buffer.concat([Buffer.from('serialNumber\nA-1\n'), Buffer.from([0x41, 0xc3, 0x28, 0x0a])]),
        {},
        400,
        { message: 'Line 3 is not valid UTF-8', details: [{ path: '/body', message: 'is not valid UTF-8' }] },
      ],
      [
        'serialNumber,colour\nA-1,red\n',
        {},
        400,
        { error: 'validation_error', details: [{ path: '/body' }] },
      ],
      [
        'customerEmail\na@example.com\n',
        {},
        400,
        { message: expect.stringContaining('serialNumber column') },
      ],
      ['serialNumber,serialNumber\nA,B\n', {}, 400, { message: expect.stringContaining('twice') }],
      ['', {}, 400, { message: 'The CSV is empty' }],
      ['serialNumber\n\n', {}, 400, { message: 'The CSV has no lines after its header' }],
      [
        'serialNumber\nA-1\n',
        { 'content-type': 'text/csv; charset=latin1' },
        400,
        { error: 'validation_error' },
      ],
      [`serialNumber\n${'A-1\n'.repeat(MAX_BYTES / 4)}`, {}, 413, { error: 'payload_too_large' }],
      [
        `serialNumber\n"${'x'.repeat(70 * 1024)}`,
        {},
        400,
        { details: [{ path: '/body', message: 'is too long' }] },
      ],
    ]
    for (const [body, headers, status, expected] of refusals) {
      const res = await upload(owner.token, body, headers)
      expect(res.statusCode, String(body).slice(0, 40)).toBe(status)
      expect(res.json()).toMatchObject(expected as object)
    }
    // A record longer than any warranty line (a quote never closed) is refused under the limit too.
    const open = await upload(
      owner.token,
      `serialNumber\n"${'x'.repeat(40 * 1024)}\n${'y'.repeat(30 * 1024)}\n`,
    )
    expect(open.statusCode).toBe(400)
    expect(open.json()).toMatchObject({
      message: expect.stringContaining('line 2 is longer than 65536 bytes'),
      details: [{ path: '/body', message: 'is too long' }],
    })
    const json = await svc.request({
      method: 'POST',
      url: '/v1/merchant/warranties/imports',
      payload: { serialNumber: 'A-1' },
      token: owner.token,
    })
    expect(json.statusCode).toBe(400)
    expect(await importRows(merchant.id)).toHaveLength(0)
  })

  it('reports a quote left open at the end of the file on the line it opened', async () => {
    const { owner } = await tenant()
    const res = await upload(owner.token, `serialNumber\n${uniqueSerial()}\n"${uniqueSerial()}\nmore`)
    expect(res.statusCode).toBe(202)
    const done = await finished(owner.token, res.json().id)
    expect(done).toMatchObject({ lines: 2, created: 1, failed: 1 })
    expect(done.errors.items).toEqual([
      {
        line: 3,
        error: 'validation_error',
        message: 'a quoted field is not closed before the end of the file',
      },
    ])
  })
})

describe('the import job', () => {
  it('records each warranty with its import and line: a line is never issued twice', async () => {
    const { merchant, owner } = await tenant()
    const res = await upload(owner.token, `serialNumber\n${uniqueSerial()}\n`)
    const done = await finished(owner.token, res.json().id)
    const [row] = await svc.deps.db
      .select()
      .from(warranties)
      .where(and(eq(warranties.merchantId, merchant.id), eq(warranties.importId, done.id)))
    expect(row?.importLine).toBe(2)
    // The unique index refuses a second warranty for the same import line.
    const { id: _id, warrantyCode: _code, ...copy } = row as NonNullable<typeof row>
    await expect(
      svc.deps.db.insert(warranties).values({ ...copy, warrantyCode: `WR-${randomUUID().slice(0, 8)}` }),
    ).rejects.toThrow()
  })

  it('stops an import FAILED when a chunk keeps failing, keeping what earlier chunks committed', async () => {
    const { merchant, owner } = await tenant()
    // Written directly: a second chunk that cannot be read (as a bug or a damaged row would).
    const db = svc.deps.db
    const id = await createImport(db, merchant.id, owner.id)
    await insertChunk(db, id, 0, [{ line: 2, item: { serialNumber: uniqueSerial() } }])
    await db.insert(warrantyImportChunks).values({ importId: id, seq: 1, records: 'not json' })
    await db.transaction((tx) => publishImport(tx, id, { bytes: 10, sha256: 'x', lines: 2, chunks: 2 }))
    const failed = await waitFor(
      async () => {
        await svc.services.imports.process().catch(() => undefined)
        const [row] = await db.select().from(warrantyImports).where(eq(warrantyImports.id, id))
        return row?.state === 'FAILED' ? row : null
      },
      20_000,
      10,
    )
    expect(failed).toMatchObject({ processed: 1, created: 1, attempts: 5 })
    expect(failed.error).toContain('JSON')
    const res = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/imports/${id}`,
      token: owner.token,
    })
    expect(res.json()).toMatchObject({ state: 'FAILED', lines: 2, processed: 1, created: 1, failed: 0 })
    expect(res.json().finishedAt).not.toBeNull()
    expect(await db.select().from(warrantyImportChunks).where(eq(warrantyImportChunks.importId, id))).toEqual(
      [],
    )
  })

  it('removes uploads abandoned for an hour, not one still arriving', async () => {
    const { merchant, owner } = await tenant()
    const db = svc.deps.db
    const [stale, fresh] = [
      await createImport(db, merchant.id, owner.id),
      await createImport(db, merchant.id, owner.id),
    ]
    await db
      .update(warrantyImports)
      .set({ updatedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(warrantyImports.id, stale))
    await svc.services.imports.sweepAbandoned()
    expect((await importRows(merchant.id)).map((r) => r.id)).toEqual([fresh])
    // An upload in progress is not shown.
    const res = await svc.request({
      method: 'GET',
      url: `/v1/merchant/warranties/imports/${fresh}`,
      token: owner.token,
    })
    expect(res.statusCode).toBe(404)
  })
})
