// One overall answer to "can I rely on this certificate?", from the checks of a verification:
// the page shows it once, above the details, instead of a badge per check side by side.
import { t } from './i18n.js'

export type Tone = 'good' | 'warn' | 'bad'

export interface Verdict {
  tone: Tone
  title: string
  detail: string
}

/** What the verdict reads of a verification (the API's `CertificateVerification`). */
export interface Checked {
  certificate: { metadataHashMatches: boolean } | null
  mintStatus: string
  serialNumberMatches: boolean | null
  status: string
  validToday: boolean
}

function recordVerdict(v: Checked): Verdict | null {
  if (v.certificate && !v.certificate.metadataHashMatches)
    return {
      tone: 'bad',
      title: t('verdict.mismatchTitle'),
      detail: t('verdict.mismatchDetail'),
    }
  if (v.mintStatus === 'FAILED' && !v.certificate)
    return {
      tone: 'bad',
      title: t('verdict.failedTitle'),
      detail: t('verdict.failedDetail'),
    }
  if (!v.certificate)
    return {
      tone: 'warn',
      title: t('verdict.pendingTitle'),
      detail: t('verdict.pendingDetail'),
    }
  return null
}

/** The overall verdict: the worst finding wins. */
export function verdictOf(v: Checked): Verdict {
  if (v.serialNumberMatches === false)
    return {
      tone: 'bad',
      title: t('verdict.otherTitle'),
      detail: t('verdict.otherDetail'),
    }
  const record = recordVerdict(v)
  if (record) return record
  const serial = v.serialNumberMatches === true
  if (v.status === 'EXPIRED')
    return {
      tone: 'warn',
      title: t('verdict.expiredTitle'),
      detail: t(serial ? 'verdict.expiredDetailSerial' : 'verdict.expiredDetail'),
    }
  if (!v.validToday)
    return {
      tone: 'bad',
      title: t('verdict.voidedTitle'),
      detail: t(serial ? 'verdict.voidedDetailSerial' : 'verdict.voidedDetail'),
    }
  return {
    tone: 'good',
    title: t(serial ? 'verdict.genuineProductTitle' : 'verdict.genuineTitle'),
    detail: t(serial ? 'verdict.genuineDetailSerial' : 'verdict.genuineDetail'),
  }
}
