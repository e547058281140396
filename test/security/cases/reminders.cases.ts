import { createOneTimeToken } from '../../../src/lib/one-time-tokens.js'
import { setCustomerCalendar } from '../../support/reminder-factories.js'
import type { RouteCase } from '../world.js'

/** Reminders: the cron route and the customer's calendar feed. */
export const cases: RouteCase[] = [
  {
    method: 'POST',
    route: '/v1/global/jobs/warranty-reminders',
    request: () => ({ url: '/v1/global/jobs/warranty-reminders' }),
  },
  { method: 'POST', route: '/v1/customer/calendar', request: () => ({ url: '/v1/customer/calendar' }) },
  { method: 'DELETE', route: '/v1/customer/calendar', request: () => ({ url: '/v1/customer/calendar' }) },
  {
    method: 'GET',
    route: '/v1/global/calendar/:token',
    // A feed of the world's customer, under a fresh token each call.
    request: async (w) => {
      const { token, hash } = createOneTimeToken()
      await setCustomerCalendar(w.svc.deps.db, w.customer.id, hash)
      return { url: `/v1/global/calendar/${token}.ics` }
    },
  },
]
