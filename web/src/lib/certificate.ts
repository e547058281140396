import { api, call, describeProblem, type Verification, type Warranty } from './api'
import { t } from './i18n'

// A wallet warranty with its certificate's public verification (asked with its own serial
// number, so the answer carries the item's Digital Link): the warranty page and its printable
// page read the same.

export type Loaded =
  | { warranty: Warranty; verification: Verification | null; error: null }
  | { warranty: null; verification: null; error: string }

export async function loadCertificate(id: string): Promise<Loaded> {
  const result = await call(() => api.GET('/v1/customer/warranties/{id}', { params: { path: { id } } }))
  if (result.problem) {
    const missing = result.problem.status === 404 || result.problem.status === 400
    return {
      warranty: null,
      verification: null,
      error: missing ? t('warranty.notInWallet') : describeProblem(result.problem),
    }
  }
  const warranty = result.data
  const checked = await call(() =>
    api.GET('/v1/global/warranties/{warrantyCode}/verify', {
      params: {
        path: { warrantyCode: warranty.warrantyCode },
        query: { serialNumber: warranty.serialNumber },
      },
    }),
  )
  return { warranty, verification: checked.data, error: null }
}
