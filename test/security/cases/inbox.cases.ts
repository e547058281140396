import type { RouteCase } from '../world.js'

/** The inbox: the mail provider's route, guarded by the `inbound` secret (unset in this test: 401 even to the right one). */
export const cases: RouteCase[] = [
  {
    method: 'POST',
    route: '/v1/global/inbound-email',
    request: () => ({
      url: '/v1/global/inbound-email?to=nobody%40inbox.warranty.local',
      headers: { 'content-type': 'message/rfc822' },
      payload: 'From: a@example.com\r\nTo: nobody@inbox.warranty.local\r\n\r\nhello\r\n',
    }),
    okStatuses: [401],
  },
]
