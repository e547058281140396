import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warranties } from '../../src/db/schema/index.js'
import { WarrantiesService } from '../../src/modules/warranties/warranties.service.js'
import {
  CODE_ALPHABET,
  checkSymbol,
  generateWarrantyCode,
} from '../../src/modules/warranties/warranty-code.js'
import { createMerchantWithUsers, uniqueEmail } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { createMerchantProduct, issueWarranty, setMint, uniqueSerial } from '../support/warranty-factories.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService()
})
afterAll(() => svc?.close())

const tenant = () => createMerchantWithUsers(svc.deps)

const list = (token: string, query = '') =>
  svc.request({ method: 'GET', url: `/v1/merchant/warranties${query}`, token })

const lookup = (token: string, identifier: string, query = '') =>
  svc.request({
    method: 'GET',
    url: `/v1/merchant/warranties/lookup/${encodeURIComponent(identifier)}${query}`,
    token,
  })

/** Newest first, as the list orders: creation time, then id. */
const newestFirst = (items: Array<{ id: string; createdAt: string }>) =>
  [...items].sort(
    (x, y) => y.createdAt.localeCompare(x.createdAt) || (y.id < x.id ? -1 : y.id > x.id ? 1 : 0),
  )

describe('GET /v1/merchant/warranties', () => {
  it('pages through every warranty newest first, without duplicates or gaps', async () => {
    const { owner, user } = await tenant()
    const issued = []
    for (let i = 0; i < 7; i++) issued.push(await issueWarranty(svc, owner))
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
      const res = await list(user.token, query)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.items.length).toBeLessThanOrEqual(3)
      seen.push(...body.items.map((w: { id: string }) => w.id))
      cursor = body.nextCursor
      pages++
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toEqual(newestFirst(issued).map((w) => w.id))
  })

  it('answers the warranty shape and a null cursor on the last page', async () => {
    const { owner } = await tenant()
    const issued = await issueWarranty(svc, owner, { customerEmail: uniqueEmail('b') })
    const res = await list(owner.token)
    const { notification: _, ...warranty } = issued
    expect(res.json()).toEqual({ items: [warranty], nextCursor: null })
  })

  it('never shows another merchant’s warranties', async () => {
    const a = await tenant()
    const b = await tenant()
    await issueWarranty(svc, a.owner)
    const mine = await issueWarranty(svc, b.owner)
    expect((await list(b.user.token)).json().items.map((w: { id: string }) => w.id)).toEqual([mine.id])
  })

  it('filters by status, mint status, claimed and product', async () => {
    const { merchant, owner } = await tenant()
    const product = await createMerchantProduct(svc.deps.db, merchant.id)
    const active = await issueWarranty(svc, owner, { merchantProductId: product.id })
    const expired = await issueWarranty(svc, owner, { expiresAt: '2022-02-02T00:00:00Z' })
    const failed = await issueWarranty(svc, owner)
    await setMint(svc.deps.db, failed.id, { status: 'FAILED', attempts: 8, error: 'out of gas' })
    const claimed = await issueWarranty(svc, owner)
    await svc.deps.db.update(warranties).set({ claimedAt: new Date() }).where(eq(warranties.id, claimed.id))

    const ids = async (query: string) =>
      (await list(owner.token, query))
        .json()
        .items.map((w: { id: string }) => w.id)
        .sort()
    const sorted = (...items: Array<{ id: string }>) => items.map((w) => w.id).sort()
    expect(await ids('?status=expired')).toEqual(sorted(expired))
    expect(await ids('?status=active')).toEqual(sorted(active, failed, claimed))
    expect(await ids('?mintStatus=FAILED')).toEqual(sorted(failed))
    expect(await ids('?mintStatus=PENDING')).toEqual(sorted(active, expired, claimed))
    expect(await ids('?claimed=true')).toEqual(sorted(claimed))
    expect(await ids('?claimed=false')).toEqual(sorted(active, expired, failed))
    expect(await ids(`?productId=${product.id}`)).toEqual(sorted(active))
    expect(await ids(`?productId=${product.id}&status=expired`)).toEqual([])
    const claimedItem = (await list(owner.token, '?claimed=true')).json().items[0]
    expect(claimedItem).toMatchObject({ claimed: true, claimedAt: expect.any(String) })
  })

  it('searches serial, code, e-mail and invoice number, any case, taking % and _ literally', async () => {
    const { owner } = await tenant()
    const bySerial = await issueWarranty(svc, owner, { serialNumber: 'ZX%9_Serial' })
    const plain = await issueWarranty(svc, owner, { serialNumber: 'ZXA9BSerial' })
    const byEmail = await issueWarranty(svc, owner, { customerEmail: 'Someone.Special@Example.com' })
    const byInvoice = await issueWarranty(svc, owner, { invoiceNumber: 'INV-77-Q' })
    const ids = async (q: string) =>
      (await list(owner.token, `?q=${encodeURIComponent(q)}`)).json().items.map((w: { id: string }) => w.id)
    expect(await ids('x%9_s')).toEqual([bySerial.id])
    expect(await ids('zxa9b')).toEqual([plain.id])
    expect(await ids('_')).toEqual([bySerial.id])
    expect(await ids('%')).toEqual([bySerial.id])
    expect(await ids('SOMEONE.special')).toEqual([byEmail.id])
    expect(await ids('inv-77')).toEqual([byInvoice.id])
    expect(await ids(byInvoice.warrantyCode.slice(3, 7).toLowerCase())).toContain(byInvoice.id)
    expect(await ids('nothing-like-this')).toEqual([])
  })

  it.each([
    ['limit=0', '/querystring/limit'],
    ['limit=201', '/querystring/limit'],
    ['limit=ten', '/querystring/limit'],
    ['status=valid', '/querystring/status'],
    ['mintStatus=DONE', '/querystring/mintStatus'],
    ['claimed=maybe', '/querystring/claimed'],
    ['productId=p1', '/querystring/productId'],
    ['q=', '/querystring/q'],
    ['sort=asc', '/querystring/sort'],
    ['cursor=bm9wZQ', '/querystring/cursor'],
  ])('answers 400 validation_error for %s', async (query, path) => {
    const { owner } = await tenant()
    const res = await list(owner.token, `?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('validation_error')
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path)
  })
})

describe('GET /v1/merchant/warranties/lookup/:identifier', () => {
  it('finds a warranty by its code, typed with any case, spaces, dashes or no prefix', async () => {
    const { owner, user } = await tenant()
    const issued = await issueWarranty(svc, owner)
    const code = issued.warrantyCode
    const bare = code.slice(3).replaceAll('-', '')
    const { notification: _, ...warranty } = issued
    for (const typed of [
      code,
      code.toLowerCase(),
      bare,
      bare.toLowerCase(),
      `wr ${bare.slice(0, 6)} ${bare.slice(6)}`,
      ` ${code} `,
      `WR--${bare}`,
    ]) {
      const res = await lookup(user.token, typed)
      expect(res.statusCode, typed).toBe(200)
      expect(res.json(), typed).toEqual({ items: [warranty], nextCursor: null })
    }
  })

  it('reads I and L as 1 and O as 0 (Crockford), but a wrong check character finds nothing', async () => {
    const { merchant, owner } = await tenant()
    const body = '01010101010'
    const code = `WR-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8)}${checkSymbol(body)}`
    const service = new WarrantiesService(
      {
        ...svc.deps,
        appUrl: svc.deps.config.appUrl,
        emailsPerDay: svc.deps.config.quotas.merchantEmailsPerDay,
      },
      {
        mailOutbox: svc.services.mailOutbox,
        wakeMinter: () => svc.services.minting.wake(),
        generateCode: () => code,
      },
    )
    const issued = (
      await service.issue({ merchantId: merchant.id, userId: owner.id }, { serialNumber: uniqueSerial() })
    ).body
    expect(issued.warrantyCode).toBe(code)
    const typo = code.replaceAll('0', 'O').replace('1', 'I').replace('1', 'l')
    expect((await lookup(owner.token, typo)).json().items[0].id).toBe(issued.id)

    const check = code.at(-1)!
    const wrongCheck = code.slice(0, -1) + CODE_ALPHABET[(CODE_ALPHABET.indexOf(check) + 1) % 32]
    const res = await lookup(owner.token, wrongCheck)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: 'not_found', message: 'No warranty matches this code or e-mail' })
  })

  it('finds every warranty of a customer e-mail at this merchant, newest first', async () => {
    const a = await tenant()
    const b = await tenant()
    const email = uniqueEmail('loyal')
    const first = await issueWarranty(svc, a.owner, { customerEmail: email })
    await issueWarranty(svc, a.owner, { customerEmail: uniqueEmail('other') })
    const second = await issueWarranty(svc, a.user, { customerEmail: email.toUpperCase() })
    const atB = await issueWarranty(svc, b.owner, { customerEmail: email })
    const res = await lookup(a.user.token, email.toUpperCase())
    expect(res.statusCode).toBe(200)
    expect(res.json().items.map((w: { id: string }) => w.id)).toEqual(
      newestFirst([first, second]).map((w) => w.id),
    )
    expect((await lookup(b.owner.token, email)).json().items.map((w: { id: string }) => w.id)).toEqual([
      atB.id,
    ])
  })

  it('pages through a customer e-mail’s warranties newest first, without duplicates or gaps', async () => {
    const a = await tenant()
    const b = await tenant()
    const email = uniqueEmail('pager')
    const issued = []
    for (let i = 0; i < 5; i++) {
      issued.push(await issueWarranty(svc, i % 2 ? a.user : a.owner, { customerEmail: email }))
    }
    await issueWarranty(svc, a.owner, { customerEmail: uniqueEmail('other') })
    await issueWarranty(svc, b.owner, { customerEmail: email })
    const pages: Array<{ items: Array<{ id: string }>; nextCursor: string | null }> = []
    let cursor: string | null = null
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
      const res = await lookup(a.user.token, email.toUpperCase(), query)
      expect(res.statusCode).toBe(200)
      pages.push(res.json())
      cursor = res.json().nextCursor
    } while (cursor && pages.length < 10)
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1])
    expect(pages.at(-1)?.nextCursor).toBeNull()
    const newestId = newestFirst(issued)[0]!.id
    const { notification: _, ...newest } = issued.find((w) => w.id === newestId)!
    expect(pages[0]!.items[0]).toEqual(newest)
    expect(pages.flatMap((p) => p.items.map((w) => w.id))).toEqual(newestFirst(issued).map((w) => w.id))
  })

  it('answers 50 by default and at most 200; a code lookup takes the same query', async () => {
    const { merchant, owner } = await tenant()
    const email = uniqueEmail('many')
    // One statement: every row has the same createdAt, so the order rests on the id tie-break.
    const rows = await svc.deps.db
      .insert(warranties)
      .values(
        Array.from({ length: 51 }, () => ({
          merchantId: merchant.id,
          warrantyCode: generateWarrantyCode(),
          serialNumber: uniqueSerial(),
          customerEmail: email,
          expiresAt: new Date(Date.now() + 86_400_000),
        })),
      )
      .returning()
    const issued = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
    const first = (await lookup(owner.token, email)).json()
    expect(first.items).toHaveLength(50)
    expect(first.nextCursor).toEqual(expect.any(String))
    const all = (await lookup(owner.token, email, '?limit=200')).json()
    expect(all.items.map((w: { id: string }) => w.id)).toEqual(newestFirst(issued).map((w) => w.id))
    expect(all.nextCursor).toBeNull()
    const byCode = await lookup(owner.token, issued[0]!.warrantyCode, '?limit=1')
    expect(byCode.json()).toMatchObject({ items: [{ id: issued[0]!.id }], nextCursor: null })
  })

  it.each([
    ['limit=0', '/querystring/limit'],
    ['limit=201', '/querystring/limit'],
    ['limit=two', '/querystring/limit'],
    ['cursor=bm9wZQ', '/querystring/cursor'],
    ['status=active', '/querystring/status'],
  ])('answers 400 validation_error for %s', async (query, path) => {
    const { owner } = await tenant()
    const email = uniqueEmail('q')
    await issueWarranty(svc, owner, { customerEmail: email })
    const res = await lookup(owner.token, email, `?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('validation_error')
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path)
  })

  it('answers 404 for another merchant’s code and customer e-mail, and for unknown ones', async () => {
    const a = await tenant()
    const b = await tenant()
    const email = uniqueEmail('private')
    const issued = await issueWarranty(svc, a.owner, { customerEmail: email })
    for (const identifier of [
      issued.warrantyCode,
      email,
      uniqueEmail('nobody'),
      'WR-0000-0000-0000',
      'garbage',
    ]) {
      const res = await lookup(b.owner.token, identifier)
      expect(res.statusCode, identifier).toBe(404)
      expect(res.json().error).toBe('not_found')
    }
  })

  it('answers 400 for an identifier longer than an e-mail address can be', async () => {
    const { owner } = await tenant()
    const res = await lookup(owner.token, `${'a'.repeat(250)}@example.com`)
    expect(res.statusCode).toBe(400)
    expect(res.json().details[0].path).toBe('/params/identifier')
  })
})
