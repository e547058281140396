// One overall answer to "can I rely on this certificate?", from the checks of a verification:
// the page shows it once, above the details, instead of a badge per check side by side.

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
      title: 'Do not rely on this certificate',
      detail: 'The blockchain record exists, but the published details do not match it.',
    }
  if (v.mintStatus === 'FAILED' && !v.certificate)
    return {
      tone: 'bad',
      title: 'Not recorded',
      detail: 'Writing this certificate to the blockchain failed; the shop can try again.',
    }
  if (!v.certificate)
    return {
      tone: 'warn',
      title: 'Being recorded',
      detail: 'The certificate is being written to the blockchain. This usually takes less than a minute.',
    }
  return null
}

/** The overall verdict: the worst finding wins. */
export function verdictOf(v: Checked): Verdict {
  if (v.serialNumberMatches === false)
    return {
      tone: 'bad',
      title: 'Not the certificate of this product',
      detail:
        'The certificate exists, but the serial number given is not the one on it: it does not cover that product.',
    }
  const record = recordVerdict(v)
  if (record) return record
  const serial = v.serialNumberMatches === true ? ' and the serial number is the one on it' : ''
  if (v.status === 'EXPIRED')
    return {
      tone: 'warn',
      title: 'Genuine, but expired',
      detail: `The certificate is recorded on the blockchain${serial}, but its warranty has ended.`,
    }
  if (!v.validToday)
    return {
      tone: 'bad',
      title: 'Genuine, but no longer valid',
      detail: `The certificate is recorded on the blockchain${serial}, but the shop has voided it.`,
    }
  return {
    tone: 'good',
    title: v.serialNumberMatches === true ? 'Genuine, for this product' : 'Genuine',
    detail: `This warranty is recorded on the blockchain, its published details match the record${serial}.`,
  }
}
