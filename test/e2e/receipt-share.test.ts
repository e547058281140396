import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../support/harness.js'
import { createCustomer, hasGpsOrDevice, photo, RECEIPTS, saveReceipt } from '../support/receipt-factories.js'
import { linksIn, type SinkMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js'

let sink: SmtpSink
let svc: TestService

beforeAll(async () => {
  sink = await startSmtpSink()
  svc = await createTestService({ mail: true, env: { SMTP_URL: sink.url, MAIL_RETRY_DELAY_SECONDS: '1' } })
})
afterAll(async () => {
  await svc?.close()
  await sink?.close()
})

const PREFIX = 'http://api.test/v1/global/receipt-share/'
const to = (email: string) => (m: SinkMessage) => m.envelope.to.includes(email)
const open = (link: string, accept?: string) =>
  svc.request({
    method: 'GET',
    url: link.replace('http://api.test', ''),
    ...(accept ? { headers: { accept } } : {}),
  })

describe('sharing a receipt by e-mail, end to end through SMTP', () => {
  it('e-mails a working link in both parts; the preview shows the cleaned image and the data, never the owner', async () => {
    const owner = await createCustomer(svc, 'Olivia Privateperson')
    const image = await photo({ width: 400, height: 600 })
    expect(await hasGpsOrDevice(image)).toBe(true)
    const receipt = await saveReceipt(svc, owner, {
      image,
      ocrData: {
        merchant: 'Fixit Repairs',
        date: '2026-09-14',
        total: '49.90',
        items: [{ name: 'Toaster', price: '49.90' }],
      },
    })
    const recipient = 'service-desk@repairs.example'
    const shared = await svc.request({
      method: 'POST',
      url: `${RECEIPTS}/${receipt.id}/share-email`,
      payload: { toEmail: recipient },
      token: owner.token,
    })
    expect(shared.statusCode).toBe(200)

    const message = await sink.waitForMessage(to(recipient), 15_000)
    expect(message.subject).toBe('A receipt has been shared with you')
    const links = linksIn(message).filter((l) => l.startsWith(PREFIX))
    expect(links).toHaveLength(1)
    const link = links[0]!
    expect(link).toMatch(/^http:\/\/api\.test\/v1\/global\/receipt-share\/[A-Za-z0-9_-]{43}$/)
    expect(message.html || '').toContain(`href="${link}"`)
    const mailText = `${message.subject}\n${message.text}\n${message.html}\n${message.raw.toString('latin1')}`
    for (const secret of [owner.email, 'Privateperson', 'Olivia']) expect(mailText).not.toContain(secret)

    const json = await open(link)
    expect(json.statusCode).toBe(200)
    expect(json.json().receipt.ocrData).toEqual({
      merchant: 'Fixit Repairs',
      date: '2026-09-14',
      total: '49.90',
      items: [{ name: 'Toaster', price: '49.90' }],
    })
    const page = await open(link, 'text/html')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Fixit Repairs')
    for (const body of [json.body, page.body]) {
      for (const secret of [owner.email, 'Privateperson', 'Olivia', owner.id])
        expect(body).not.toContain(secret)
    }
    const picture = await open(json.json().receipt.imageUrl)
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/jpeg')
    expect(await hasGpsOrDevice(picture.rawPayload)).toBe(false)
    const fromPage = /<img src="([^"]+)"/.exec(page.body)?.[1]
    expect((await open(`http://api.test${fromPage}`)).rawPayload.equals(picture.rawPayload)).toBe(true)

    // Revoked by the owner: the e-mailed link stops working, in both forms.
    await svc.request({ method: 'DELETE', url: `${RECEIPTS}/shares/${shared.json().id}`, token: owner.token })
    expect((await open(link)).statusCode).toBe(404)
    expect((await open(link, 'text/html')).statusCode).toBe(404)
  })
})
