import { api, call } from './api'
import { setProfileLanguage } from './i18n'

/**
 * After a sign-in: the customer's profile language (null: the browser's) becomes the app's.
 * A failed read leaves the browser's language.
 */
export async function adoptProfileLanguage(): Promise<void> {
  const me = await call(() => api.GET('/v1/customer/me'))
  if (me.data) await setProfileLanguage(me.data.language ?? null)
}
