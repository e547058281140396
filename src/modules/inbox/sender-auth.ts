import type { AuthenticateResult } from 'mailauth'
import type { DnsResolver } from '../../adapters/inbound-smtp/index.js'

/** What the check needs: the message and what the connection said about its sender. */
export interface SenderAuthInput {
  raw: Buffer
  /** The one From address (lower-cased) that the allow-list checked. */
  from: string
  /** The domain of the From header (the author domain DMARC protects). */
  fromDomain: string
  mailFrom: string | null
  /** The sending client's IP; without it SPF cannot be evaluated and only DKIM counts. */
  ip: string | null
  helo: string | null
  /** This host's name, for the Authentication-Results text. */
  mta: string
  resolver: DnsResolver | null
}

export type SenderAuthVerdict =
  | { ok: true; via: 'dkim' | 'spf'; summary: string }
  | { ok: false; temporary: boolean; reason: string; summary: string }

/**
 * Sender authentication (docs/inbound-mail.md#sender-authentication): the message passes when a
 * valid DKIM signature or an SPF pass is aligned with the From domain, which is what DMARC
 * demands, whether or not the domain publishes a DMARC record. A DMARC `fail` is always refused.
 * A DNS failure that leaves the verdict open is temporary (the sender retries).
 */
export async function checkSenderAuthentication(input: SenderAuthInput): Promise<SenderAuthVerdict> {
  // Loaded with the first message, not at start: mailauth is the heaviest module of a start.
  const { authenticate } = await import('mailauth')
  const result = await authenticate(input.raw, {
    ...(input.ip ? { ip: input.ip } : {}),
    ...(input.helo ? { helo: input.helo } : {}),
    ...(input.mailFrom ? { sender: input.mailFrom } : {}),
    mta: input.mta,
    ...(input.resolver ? { resolver: input.resolver } : {}),
    disableArc: true,
    disableBimi: true,
    trustReceived: false,
  })
  return verdictOf(result, input)
}

function verdictOf(result: AuthenticateResult, input: SenderAuthInput): SenderAuthVerdict {
  // DKIM alignment and DMARC are judged against the From addresses mailauth read: they must be
  // exactly the one address the allow-list checked, or nothing proven here is about that author.
  const judged = (result.dkim.headerFrom ?? []).map((a) => a.toLowerCase())
  if (judged.length !== 1 || judged[0] !== input.from) {
    return {
      ok: false,
      temporary: false,
      reason: 'the From header is ambiguous',
      summary: `from=${judged.length} addresses`,
    }
  }
  const dkimPass = result.dkim.results.filter((r) => r.status.result === 'pass')
  const spfResult = input.ip && result.spf ? result.spf.status.result : 'none'
  const dmarcResult = result.dmarc ? result.dmarc.status.result : 'none'
  const summary = `dkim=${dkimPass.length > 0 ? 'pass' : (result.dkim.results[0]?.status.result ?? 'none')} spf=${spfResult} dmarc=${dmarcResult}`
  if (dmarcResult === 'fail') {
    return { ok: false, temporary: false, reason: "the sender domain's DMARC check failed", summary }
  }
  // mailauth marks a passing signature aligned (relaxed, by the Public Suffix List) with the From domain.
  const dkimAligned = dkimPass.some((r) => Boolean(r.status.aligned))
  if (dmarcResult === 'pass' || dkimAligned) return { ok: true, via: dkimAligned ? 'dkim' : 'spf', summary }
  const spfDomain = result.spf ? result.spf.domain : ''
  if (spfResult === 'pass' && alignedDomain(spfDomain, input.fromDomain))
    return { ok: true, via: 'spf', summary }
  const temporary =
    dmarcResult === 'temperror' ||
    spfResult === 'temperror' ||
    result.dkim.results.some((r) => r.status.result === 'temperror')
  const reason =
    spfResult === 'fail' || spfResult === 'softfail'
      ? "the sending server is not allowed by the sender domain's SPF record and there is no valid DKIM signature of it"
      : 'no valid DKIM signature or SPF pass of the From domain'
  return { ok: false, temporary, reason, summary }
}

/** SPF alignment, conservatively: the MAIL FROM domain is the From domain or a subdomain of it. */
function alignedDomain(domain: string, fromDomain: string): boolean {
  const a = domain.toLowerCase()
  const b = fromDomain.toLowerCase()
  return a !== '' && (a === b || a.endsWith(`.${b}`))
}
