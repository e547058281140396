import { describe, expect, it } from 'vitest'
import { withoutSecrets } from '../../src/modules/mail/mail.service.js'

describe('withoutSecrets (what the outbox keeps after delivery)', () => {
  it('removes tokens from the links of every template, keeping the rest', () => {
    expect(
      withoutSecrets({
        merchantName: 'Shop',
        claimUrl: 'https://app.example.com/claim?claimId=AbC123_secret-token-value',
        verifyUrl: 'https://api.example.com/v1/global/sender-verify/abcdefghijklmnopqrstuvwxyz012345',
        url: 'https://app.example.com/auth/magic?token=zzzzzzzzzzzzzzzzzzzzzz',
        expiresAt: '2026-12-01T00:00:00.000Z',
      }),
    ).toEqual({
      merchantName: 'Shop',
      claimUrl: 'https://app.example.com/claim?claimId=[redacted]',
      verifyUrl: 'https://api.example.com/v1/global/sender-verify/[redacted]',
      url: 'https://app.example.com/auth/magic?token=[redacted]',
      expiresAt: '2026-12-01T00:00:00.000Z',
    })
  })
})
