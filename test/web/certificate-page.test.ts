import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { digitalLinkUri } from '../../src/modules/digital-link/digital-link.js'
import { claimWords } from '../../web/src/lib/claim-words.js'
import { digitalLinkKey, qrImageUrl } from '../../web/src/lib/digital-link.js'
import { type Checked, verdictOf } from '../../web/src/lib/verdict.js'

const certificate = { metadataHashMatches: true }
const genuine: Checked = {
  certificate,
  mintStatus: 'MINTED',
  serialNumberMatches: null,
  status: 'ACTIVE',
  validToday: true,
}

describe('the certificate check gives one overall verdict', () => {
  it('is good only when every check is: recorded, matching, the serial (if given) the certificate’s', () => {
    expect(verdictOf(genuine)).toMatchObject({ tone: 'good', title: 'Genuine' })
    expect(verdictOf({ ...genuine, serialNumberMatches: true })).toMatchObject({
      tone: 'good',
      title: 'Genuine, for this product',
    })
  })

  it('is bad when the serial differs, however genuine the record (no green beside red)', () => {
    const v = verdictOf({ ...genuine, serialNumberMatches: false })
    expect(v.tone).toBe('bad')
    expect(v.title).toBe('Not the certificate of this product')
    expect(v.title).not.toMatch(/genuine/i)
  })

  it('puts a mismatching record, a failed or pending mint, an expiry and a voiding in words', () => {
    expect(verdictOf({ ...genuine, certificate: { ...certificate, metadataHashMatches: false } }).tone).toBe(
      'bad',
    )
    expect(verdictOf({ ...genuine, certificate: null, mintStatus: 'FAILED' }).title).toBe('Not recorded')
    expect(verdictOf({ ...genuine, certificate: null, mintStatus: 'PENDING' }).tone).toBe('warn')
    expect(verdictOf({ ...genuine, status: 'EXPIRED', validToday: false })).toMatchObject({
      tone: 'warn',
      title: 'Genuine, but expired',
    })
    expect(verdictOf({ ...genuine, validToday: false }).tone).toBe('bad')
  })
})

describe("the web app's QR code of a Digital Link", () => {
  const serial = fc.stringMatching(/^[!%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/)

  it('reads back the GTIN and serial of every link the service prints, awkward serials too', () => {
    fc.assert(
      fc.property(serial, (s) => {
        const link = digitalLinkUri('https://api.example', '09506000134352', s)
        expect(digitalLinkKey(link)).toEqual({ gtin: '09506000134352', serial: s })
        const src = new URL(qrImageUrl(link) ?? '', 'https://app.example')
        expect(src.pathname).toBe('/v1/global/digital-link/qr')
        expect(src.searchParams.get('gtin')).toBe('09506000134352')
        expect(src.searchParams.get('serial')).toBe(s)
      }),
    )
  })

  it('keeps a serial that a URL parser would take for a dot segment (`.` and `..`)', () => {
    for (const s of ['.', '..'])
      expect(digitalLinkKey(digitalLinkUri('https://api.example', '09506000134352', s))?.serial).toBe(s)
  })

  it("asks for the product's code for a product link, PNG at a size when asked, nothing for another URL", () => {
    const product = digitalLinkUri('https://api.example/', '09506000134352')
    expect(qrImageUrl(product, 'png', 1024)).toBe(
      '/v1/global/digital-link/qr?gtin=09506000134352&format=png&size=1024',
    )
    expect(qrImageUrl('https://example.com/elsewhere')).toBeNull()
    expect(qrImageUrl('not a url')).toBeNull()
  })
})

describe('the claim landing speaks of the e-mail’s warranty, in the right number', () => {
  it('one warranty (or a gift counted as none yet): "it", no others', () => {
    for (const n of [0, 1]) {
      const w = claimWords(n)
      expect(w.others).toBe('')
      expect(w.hint).toMatch(/^Add it to your wallet to see its certificate/)
    }
  })

  it('more: "them", and the others counted apart from the e-mail’s own', () => {
    expect(claimWords(2)).toEqual({
      others: 'One more warranty is waiting for this address.',
      hint: expect.stringMatching(/^Add them to your wallet to see their certificates/),
    })
    expect(claimWords(5).others).toBe('4 more warranties are waiting for this address.')
  })
})
