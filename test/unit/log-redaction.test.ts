import { describe, expect, it } from 'vitest'
import { redactUrl } from '../../src/logger.js'

describe('redactUrl (access log lines)', () => {
  it.each([
    ['/v1/global/sender-verify/abcdefghijklmnop', '/v1/global/sender-verify/[redacted]'],
    ['/v1/global/calendar/abcdefghijklmnopqrstuvwx.ics', '/v1/global/calendar/[redacted]'],
    ['/v1/customer/auth/validate?token=secret-token', '/v1/customer/auth/validate?token=[redacted]'],
    [
      '/v1/customer/auth/validate-claim?claimId=claim-id&x=1',
      '/v1/customer/auth/validate-claim?claimId=[redacted]&x=1',
    ],
  ])('keeps no token of %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected)
  })
})
