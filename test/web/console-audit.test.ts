import { describe, expect, it } from 'vitest'
import { changeLines, fieldName, targetView, valueText } from '../../web/src/console/audit-view.js'

// The console's audit log in words (issue 33: raw JSON objects and bare ids): an entry's change
// as field/value lines, its target by name with the console page that shows it.

const MERCHANT = '8d0f3c55-4b1a-4c3e-9a5f-0c2b7d1e6a11'
const PROVIDER = '0b7e9a2c-5d41-4f8e-8c3a-6e2d1f9b7a22'
const USER = '5a3c1e9b-7f2d-4b6a-9e8c-1d4f7a2b3c33'

describe('changeLines', () => {
  it('lists what a creation set, leaving out the id, the timestamps and empty fields', () => {
    const after = {
      id: MERCHANT,
      name: 'Harbour Audio',
      taxId: null,
      contactEmail: 'hello@harbour.example.com',
      status: 'ACTIVE',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    }
    expect(changeLines(null, after)).toEqual([
      { field: 'Name', after: 'Harbour Audio' },
      { field: 'Contact e-mail', after: 'hello@harbour.example.com' },
      { field: 'Status', after: 'ACTIVE' },
    ])
  })

  it('lists only the fields an update moved, before and after', () => {
    const before = {
      id: MERCHANT,
      name: 'Harbour Audio',
      status: 'ACTIVE',
      updatedAt: '2026-01-01T00:00:00Z',
    }
    const after = {
      id: MERCHANT,
      name: 'Harbour Audio',
      status: 'SUSPENDED',
      updatedAt: '2026-02-01T00:00:00Z',
    }
    expect(changeLines(before, after)).toEqual([{ field: 'Status', before: 'ACTIVE', after: 'SUSPENDED' }])
  })

  it('lists what a removal took away, and links the ids it can (a merchant, a provider)', () => {
    const before = {
      id: USER,
      email: 'clerk@harbour.example.com',
      merchantId: MERCHANT,
      serviceProviderId: PROVIDER,
    }
    expect(changeLines(before, null)).toEqual([
      { field: 'E-mail', before: 'clerk@harbour.example.com' },
      { field: 'Merchant id', before: MERCHANT, href: `/admin/merchants/${MERCHANT}` },
      { field: 'Service provider id', before: PROVIDER, href: `/admin/providers/${PROVIDER}` },
    ])
  })

  it('writes lists, nothing and nested values as readable text', () => {
    expect(valueText(['a', 'b'])).toBe('a, b')
    expect(valueText([])).toBe('—')
    expect(valueText(null)).toBe('—')
    expect(valueText(false)).toBe('false')
    expect(valueText({ city: 'Kiel' })).toBe('{"city":"Kiel"}')
    expect(changeLines('old', 'new')).toEqual([{ field: 'Value', before: 'old', after: 'new' }])
    expect(changeLines(null, null)).toEqual([])
  })

  it('names fields in words', () => {
    expect(fieldName('autoApproveWithinDays')).toBe('Auto approve within days')
    expect(fieldName('contactEmail')).toBe('Contact e-mail')
    expect(fieldName('merchant_role')).toBe('Merchant role')
  })
})

describe('targetView', () => {
  it('links a merchant, a provider and their users to the page that shows them', () => {
    expect(targetView('merchant', MERCHANT, null, { name: 'Harbour Audio' })).toEqual({
      kind: 'Merchant',
      name: 'Harbour Audio',
      href: `/admin/merchants/${MERCHANT}`,
    })
    expect(targetView('service_provider', PROVIDER, { name: 'Fix-it' }, null).href).toBe(
      `/admin/providers/${PROVIDER}`,
    )
    expect(
      targetView('merchant_user', USER, null, {
        email: 'clerk@harbour.example.com',
        name: null,
        merchantId: MERCHANT,
      }),
    ).toEqual({
      kind: 'Merchant user',
      name: 'clerk@harbour.example.com',
      href: `/admin/merchants/${MERCHANT}`,
    })
    expect(targetView('service_provider_user', USER, { serviceProviderId: PROVIDER }, null).href).toBe(
      `/admin/providers/${PROVIDER}`,
    )
  })

  it('names a catalogue product by brand and model; a target without a page has no link', () => {
    expect(targetView('global_product', USER, null, { brand: 'Harbour', model: 'HX-1' })).toEqual({
      kind: 'Catalogue product',
      name: 'Harbour HX-1',
      href: '/admin/catalogue',
    })
    expect(targetView('webhook_endpoint', USER, null, null)).toEqual({
      kind: 'Webhook endpoint',
      name: null,
      href: null,
    })
  })
})
