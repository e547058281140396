// The merchant's currency (ISO 4217) for the console's amounts: read once per page load from
// GET /v1/merchant/settings, EUR until it has answered or when it cannot.
import { staffApi, staffCall } from './staff'

let settings: Promise<string> | null = null

/** The signed-in merchant user's currency (cached; `refresh` after a change). */
export function merchantCurrency(refresh = false): Promise<string> {
  if (!settings || refresh) {
    settings = staffCall(() => staffApi.GET('/v1/merchant/settings')).then((r) =>
      r.problem ? 'EUR' : r.data.currency,
    )
  }
  return settings
}

/** The codes the browser knows, for the currency field's suggestions (the API checks the code). */
export function knownCurrencies(): string[] {
  try {
    return Intl.supportedValuesOf('currency')
  } catch {
    return ['EUR', 'USD', 'GBP', 'CHF']
  }
}
