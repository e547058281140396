import { describe, expect, it } from 'vitest'
import {
  canonicalJson,
  certificateFacts,
  certificateMetadata,
  encodeMetadata,
  serialHash,
} from '../../src/modules/minting/certificate-metadata.js'
import type { WarrantyView } from '../../src/modules/warranties/index.js'

const facts = {
  warrantyCode: 'WR-7Q2K-9XMD-P4TB',
  merchantName: 'Acme Audio',
  productName: 'Studio Monitor X2',
  serialNumber: ' sn-0001 ',
  purchaseDate: new Date('2026-03-01T10:00:00Z'),
  issuedAt: new Date('2026-03-02T10:00:00Z'),
  expiresAt: new Date('2028-03-01T10:00:00Z'),
  digitalLink: null,
}

describe('certificate metadata', () => {
  it('is ERC-721 metadata with the certificate facts as attributes', () => {
    const meta = certificateMetadata(facts, 'salt-salt-salt-salt')
    expect(meta.name).toBe('Warranty WR-7Q2K-9XMD-P4TB')
    expect(meta.description).toContain('Acme Audio')
    expect(meta.attributes).toEqual([
      { trait_type: 'Merchant', value: 'Acme Audio' },
      { trait_type: 'Product', value: 'Studio Monitor X2' },
      { trait_type: 'Warranty code', value: 'WR-7Q2K-9XMD-P4TB' },
      { trait_type: 'Purchase date', value: '2026-03-01' },
      { trait_type: 'Expiry date', value: '2028-03-01' },
      { trait_type: 'Serial number hash', value: serialHash('salt-salt-salt-salt', 'SN-0001') },
    ])
  })

  it('never contains the serial number itself', () => {
    expect(
      new TextDecoder().decode(encodeMetadata(facts, 'salt-salt-salt-salt')).toUpperCase(),
    ).not.toContain('SN-0001')
  })

  it('hashes serials trimmed and case-insensitively, and depends on the salt', () => {
    expect(serialHash('a-salt', ' abc ')).toBe(serialHash('a-salt', 'ABC'))
    expect(serialHash('a-salt', 'ABC')).not.toBe(serialHash('b-salt', 'ABC'))
    expect(serialHash('a-salt', 'ABC')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('encodes canonically: the same facts give the same bytes, whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: { z: 1, y: 2 } })).toBe(
      '{"a":[true,null,"x"],"b":1,"c":{"y":2,"z":1}}',
    )
    expect(encodeMetadata({ ...facts }, 's'.repeat(16))).toEqual(encodeMetadata(facts, 's'.repeat(16)))
  })

  it("carries the product's GS1 Digital Link when it has a GTIN, never the item's (the serial stays hashed)", () => {
    const link = 'https://api.example/01/09506000134352'
    const meta = certificateMetadata({ ...facts, digitalLink: link }, 'salt-salt-salt-salt')
    expect(meta.attributes).toContainEqual({ trait_type: 'GS1 Digital Link', value: link })
    expect(
      new TextDecoder().decode(encodeMetadata({ ...facts, digitalLink: link }, 's'.repeat(16))),
    ).not.toMatch(/SN-0001|\/21\//i)
    // Without a GTIN, no such attribute at all (the certificates minted before it stay as they are).
    expect(JSON.stringify(certificateMetadata(facts, 's'.repeat(16)))).not.toContain('Digital Link')
  })

  it("takes the product's link from the warranty's GTIN (GTIN-14, under PUBLIC_API_URL), null without a valid one", () => {
    const view = {
      warrantyCode: facts.warrantyCode,
      merchantName: facts.merchantName,
      productTitle: 'Studio Monitor X2',
      productBrand: null,
      productModel: null,
      serialNumber: 'SN-0001',
      purchaseDate: facts.purchaseDate,
      createdAt: facts.issuedAt,
      expiresAt: facts.expiresAt,
    } as unknown as WarrantyView
    const of = (gtin: string | null) =>
      certificateFacts({ ...view, gtin }, 'https://api.example/').digitalLink
    expect(of('9506000134352')).toBe('https://api.example/01/09506000134352')
    expect(of('09506000134352')).toBe('https://api.example/01/09506000134352')
    expect(of('9506000134353')).toBeNull()
    expect(of(null)).toBeNull()
  })
})
