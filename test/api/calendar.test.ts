import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { escapeText, foldLine } from '../../src/modules/reminders/ics.js'
import { createMerchant, createUser, setUserStatus, type TestUser } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'
import { insertClaimedWarranties, setReminderDays } from '../support/reminder-factories.js'

let svc: TestService
let merchantId: string

beforeAll(async () => {
  svc = await createTestService()
  merchantId = (await createMerchant(svc.deps.db, { name: 'Acme; Appliances, "Best" & Co' })).id
})
afterAll(() => svc?.close())

const customer = () => createUser(svc.deps, { role: 'CUSTOMER', password: null })
const createFeed = async (who: TestUser) => {
  const res = await svc.request({ method: 'POST', url: '/v1/customer/calendar', token: who.token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { url: string; webcalUrl: string }
}
/** GETs a feed URL (as the service gives it: the public API origin) through the app. */
const fetchFeed = (url: string) => svc.request({ method: 'GET', url: new URL(url).pathname })

describe('POST /v1/customer/calendar', () => {
  it('answers an unguessable https and webcal URL of the feed', async () => {
    const feed = await createFeed(await customer())
    expect(feed.url).toMatch(/^http:\/\/api\.test\/v1\/global\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    expect(feed.webcalUrl).toBe(feed.url.replace(/^http:/, 'webcal:'))
  })

  it('replaces the URL: the previous one answers 404', async () => {
    const who = await customer()
    const first = await createFeed(who)
    const second = await createFeed(who)
    expect(second.url).not.toBe(first.url)
    expect((await fetchFeed(first.url)).statusCode).toBe(404)
    expect((await fetchFeed(second.url)).statusCode).toBe(200)
  })

  it('answers 403 forbidden to staff', async () => {
    const merchantUser = await createUser(svc.deps, { role: 'MERCHANT_USER', merchantId })
    const res = await svc.request({ method: 'POST', url: '/v1/customer/calendar', token: merchantUser.token })
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('forbidden')
  })
})

describe('DELETE /v1/customer/calendar', () => {
  it('revokes the feed: its URL answers 404 not_found', async () => {
    const who = await customer()
    const feed = await createFeed(who)
    const res = await svc.request({ method: 'DELETE', url: '/v1/customer/calendar', token: who.token })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ revoked: true })
    const gone = await fetchFeed(feed.url)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error).toBe('not_found')
  })
})

describe('GET /v1/global/calendar/{token}.ics', () => {
  it('is an RFC 5545 calendar with one event per claimed warranty and an alarm at the threshold', async () => {
    const who = await customer()
    const other = await customer()
    await setReminderDays(svc.deps.db, who.id, 12)
    const mine = await insertClaimedWarranties(svc.deps.db, merchantId, [who, who], { expiresInDays: 40 })
    await insertClaimedWarranties(svc.deps.db, merchantId, [who], { expiresInDays: 5, claimed: false })
    await insertClaimedWarranties(svc.deps.db, merchantId, [other], { expiresInDays: 20 })
    const res = await fetchFeed((await createFeed(who)).url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.body).toMatch(/\r\n$/)
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)

    const calendar = new ICAL.Component(ICAL.parse(res.body))
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c))
    expect(events.map((e) => e.uid).sort()).toEqual(mine.map((w) => `warranty-${w.id}@api.test`).sort())
    for (const event of events) {
      const warranty = mine.find((w) => event.uid === `warranty-${w.id}@api.test`)
      if (!warranty) throw new Error('unknown event')
      expect(event.startDate.isDate).toBe(true)
      expect(event.startDate.toString()).toBe(warranty.expiresAt.toISOString().slice(0, 10))
      expect(event.summary).toBe('Warranty ends: Purchase from Acme; Appliances, "Best" & Co')
      expect(event.description).toContain(`http://app.test/warranties/${warranty.id}`)
      expect(event.component.getFirstPropertyValue('url')).toBe(`http://app.test/warranties/${warranty.id}`)
      const [alarm] = event.component.getAllSubcomponents('valarm')
      expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY')
      const trigger = alarm?.getFirstPropertyValue('trigger') as ICAL.Duration
      expect(trigger.toString()).toBe('-P12D')
    }
  })

  it('answers 404 not_found for an unknown token, and for a suspended customer', async () => {
    const unknown = await svc.request({ method: 'GET', url: `/v1/global/calendar/${'A'.repeat(43)}.ics` })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error).toBe('not_found')
    const who = await customer()
    const feed = await createFeed(who)
    await setUserStatus(svc.deps.db, who.id, 'SUSPENDED')
    expect((await fetchFeed(feed.url)).statusCode).toBe(404)
  })
})

describe('ics', () => {
  it('escapes text values and folds long lines without splitting a character', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne')
    const folded = foldLine(`SUMMARY:${'é'.repeat(80)}`)
    const lines = folded.split('\r\n')
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(`SUMMARY:${'é'.repeat(80)}`)
  })
})
