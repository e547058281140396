/**
 * What the crash scenarios (crash.test.ts, crash-cycles.test.ts, crash-split.test.ts) share: the test's own chain
 * as the service's settings, the wait for the backlog to drain after the last restart, and the
 * count of acknowledged warranties from outside (the API, the chain through viem, the SMTP
 * sink), with the figures that must all be zero.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { ExternalChain } from '../../support/mint-fixtures.js'
import type { SmtpSink } from '../../support/smtp-sink.js'
import { type ChainCheck, checkTokensOnChain } from './chain-check.js'
import type { AckedWarranty } from './issue-load.js'
import { type MailFilter, type MailTally, mailedCount, tallyMail } from './mail-tally.js'
import { allWarranties, merchantStats, type WarrantyView } from './service-api.js'
import type { ServiceProcess } from './service-process.js'

/** Milliseconds as seconds with one decimal (null stays null). */
export function seconds(ms: number): number
export function seconds(ms: number | null): number | null
export function seconds(ms: number | null): number | null {
  return ms === null ? null : Math.round(ms / 100) / 10
}

/** The service's settings for the test's own anvil (outside the service's process group). */
export function externalChainEnv(chain: ExternalChain): Record<string, string> {
  return {
    CHAIN_RPC_URL: chain.directUrl,
    CHAIN_PRIVATE_KEY: chain.env.CHAIN_PRIVATE_KEY!,
    CERTIFICATE_CONTRACT_ADDRESS: chain.address,
  }
}

export interface Drain {
  /** When every warranty of the merchant was MINTED (null: not before the deadline). */
  mintedAt: number | null
  /** When every acknowledged warranty had its claim e-mail. */
  mailedAt: number | null
  /** Since when `more` (if given) has answered true. */
  moreAt: number | null
  /** Warranties not MINTED at the first look (right after the last restart). */
  notMintedAtStart: number
}

/**
 * Polls every 250 ms until every warranty is MINTED, every acknowledged one was mailed and
 * `more` (the scenario's own conditions) holds, or until `deadline`. `more` is asked again at
 * each poll: it must still hold when the others are met.
 */
export async function waitForDrain(options: {
  serviceUrl: string
  token: string
  sink: SmtpSink
  ackedByEmail: Map<string, AckedWarranty>
  deadline: number
  mailFilter?: MailFilter
  more?: () => boolean | Promise<boolean>
}): Promise<Drain> {
  const { serviceUrl, token, sink, ackedByEmail, deadline, mailFilter, more } = options
  const first = await merchantStats(serviceUrl, token)
  const drain: Drain = {
    mintedAt: null,
    mailedAt: null,
    moreAt: more ? null : Date.now(),
    notMintedAtStart: first.warranties.total - first.mints.MINTED,
  }
  while (
    Date.now() < deadline &&
    (drain.mintedAt === null || drain.mailedAt === null || drain.moreAt === null)
  ) {
    const stats = await merchantStats(serviceUrl, token)
    if (drain.mintedAt === null && stats.mints.MINTED === stats.warranties.total) drain.mintedAt = Date.now()
    if (drain.mailedAt === null && mailedCount(sink, ackedByEmail, mailFilter) === ackedByEmail.size)
      drain.mailedAt = Date.now()
    // The scenario's conditions may stop holding (new work arrives): they must hold at the end.
    if (more) drain.moreAt = (await more()) ? (drain.moreAt ?? Date.now()) : null
    await sleep(250)
  }
  return drain
}

/** The figures that must all be 0 after the kills. */
export interface AcknowledgedFigures {
  lost: number
  ackedNotMinted: number
  tokensNotOnChain: number
  tokensOfAnotherCertificate: number
  tokensTwice: number
  mailMissing: number
  mailDuplicated: number
  mailWrongContent: number
}

export const NOTHING_LOST: AcknowledgedFigures = {
  lost: 0,
  ackedNotMinted: 0,
  tokensNotOnChain: 0,
  tokensOfAnotherCertificate: 0,
  tokensTwice: 0,
  mailMissing: 0,
  mailDuplicated: 0,
  mailWrongContent: 0,
}

export interface AcknowledgedCount {
  listed: WarrantyView[]
  mintStatuses: Record<string, number>
  chain: ChainCheck
  mail: MailTally
  figures: AcknowledgedFigures
}

/**
 * Counts, from outside, what became of every acknowledged warranty: listed by the API,
 * MINTED, its token on chain (`rpcUrl`) and of its own certificate, none twice, and exactly
 * one claim e-mail each at the sink.
 */
export async function countAcknowledged(options: {
  serviceUrl: string
  token: string
  rpcUrl: string
  sink: SmtpSink
  acked: Map<string, AckedWarranty>
  ackedByEmail: Map<string, AckedWarranty>
  mailFilter?: MailFilter
}): Promise<AcknowledgedCount> {
  const { serviceUrl, token, rpcUrl, sink, acked, ackedByEmail, mailFilter } = options
  const listed = await allWarranties(serviceUrl, token)
  const byId = new Map(listed.map((w) => [w.id, w]))
  const ackedIds = [...acked.keys()]
  const mintStatuses: Record<string, number> = {}
  for (const w of listed) mintStatuses[w.mint.status] = (mintStatuses[w.mint.status] ?? 0) + 1
  const minted = listed.filter((w) => w.mint.status === 'MINTED')
  const chain = await checkTokensOnChain({ rpcUrl, serviceUrl, minted })
  const mail = tallyMail(sink, ackedByEmail, mailFilter)
  return {
    listed,
    mintStatuses,
    chain,
    mail,
    figures: {
      lost: ackedIds.filter((id) => !byId.has(id)).length,
      ackedNotMinted: ackedIds.filter((id) => byId.get(id)?.mint.status !== 'MINTED').length,
      tokensNotOnChain: chain.notOnChain.length,
      tokensOfAnotherCertificate: chain.wrongCertificate.length,
      tokensTwice: chain.duplicateTokens.length,
      mailMissing: mail.missing,
      mailDuplicated: mail.duplicated,
      mailWrongContent: mail.wrongContent,
    },
  }
}

/** The services' own logs over every run: error-level lines, the first few spelled out. */
export function logFigures(...services: ServiceProcess[]): {
  logErrorLines: number
  firstErrorLines: string[]
} {
  return {
    logErrorLines: services.reduce((n, s) => n + s.totals().errorCount, 0),
    firstErrorLines: services.flatMap((s) => s.runs.flatMap((r) => r.log.errorLines)).slice(0, 5),
  }
}
