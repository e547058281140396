/**
 * What the crash-cycle scenarios share (crash-cycles.test.ts: one process killed; crash-split
 * .test.ts: an API and a worker process, the worker killed mid-batch): the service settings for
 * the customers' mix, the issue load with its customers, and the end of a run: the drain after
 * the last restart, the count from outside (the API, the chain, the SMTP sink, the push servers,
 * DATA_DIR/blobs), the report and the exactly-once assertions.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { expect } from 'vitest'
import type { ExternalChain } from '../../support/mint-fixtures.js'
import {
  countAcknowledged,
  externalChainEnv,
  logFigures,
  NOTHING_LOST,
  seconds,
  waitForDrain,
} from './crash-checks.js'
import {
  CRON_SECRET,
  Customers,
  countCustomers,
  expiringIssue,
  NO_CUSTOMER_FAULT,
  type PushServers,
  remindersArrived,
} from './customers.js'
import { IssueLoad } from './issue-load.js'
import { isClaimMail } from './mail-tally.js'
import type { Scenario } from './scenario.js'
import type { ServiceProcess } from './service-process.js'
import { crashSettings } from './settings.js'

/** `kill -9` cycles (5 in the normal suite, 50 in `npm run test:reliability`). */
export const KILLS = Math.round(Number(process.env.CYCLE_KILLS ?? 5))
/** Customers who go on after their claim (phones and reminders, receipts and shares): 6 per kill. */
const JOURNEYS = Math.round(Number(process.env.CYCLE_JOURNEYS ?? 6 * KILLS))
/** The orphan sweep's grace (the setting's minimum) and period, and the reminder lease (its minimum). */
const ORPHAN_GRACE_S = 10
const SWEEP_S = 2
const LEASE_S = 15

/** The test's timeout for a run of KILLS cycles of about `cycleSeconds` each. */
export const mixTimeoutMs = (cycleSeconds: number) =>
  KILLS * cycleSeconds * 1000 + crashSettings.drainTimeoutSeconds * 1000 + 180_000

/** The service's settings: the test's chain and push servers, the cron secret, short sweep and lease. */
export function mixEnv(chain: ExternalChain, push: PushServers): Record<string, string> {
  return {
    ...externalChainEnv(chain),
    ...push.env,
    CRON_SECRET,
    BLOB_ORPHAN_GRACE_SECONDS: String(ORPHAN_GRACE_S),
    BLOB_SWEEP_SECONDS: String(SWEEP_S),
    REMINDER_LEASE_SECONDS: String(LEASE_S),
  }
}

export interface Mix {
  load: IssueLoad
  customers: Customers
}

/** Starts the issue load (crashSettings' rate) and the customers, both through the API at `url`. */
export function startMix(options: {
  url: string
  sink: Scenario['sink']
  token: string
  productId: string
}): Mix {
  const load = new IssueLoad({
    url: options.url,
    token: options.token,
    productId: options.productId,
    rate: crashSettings.rate,
    concurrency: crashSettings.concurrency,
    extra: expiringIssue,
  }).start()
  const customers = new Customers({
    url: () => options.url,
    sink: options.sink,
    acknowledged: (email) => load.ackedByEmail.get(email),
    maxJourneys: JOURNEYS,
  }).start()
  return { load, customers }
}

/**
 * Drains, counts and reports after the last restart (the load stopped already), then asserts
 * the exactly-once figures. `report`'s figures come first in the printed ones.
 */
export async function finishMix(options: {
  scenario: Scenario
  chain: ExternalChain
  push: PushServers
  mix: Mix
  /** The API (the one process, or the API process). */
  api: ServiceProcess
  /** Every process whose log counts (error-level lines). */
  services: ServiceProcess[]
  token: string
  lastKillAt: number
  /** When each process that sends pushes was killed: a push resent across one is documented. */
  killedAt: readonly number[]
  lastRestartAt: number
  /** The scenario's own figures, read once the drain is over. */
  report: () => Record<string, unknown> | Promise<Record<string, unknown>>
}): Promise<void> {
  const { scenario, chain, push, api, token, lastKillAt, lastRestartAt } = options
  const { load, customers } = options.mix
  // Drain: every warranty MINTED, every acknowledged one mailed, every customer's journey
  // done and what it made due pushed or e-mailed; the customers go on meanwhile.
  const drain = await waitForDrain({
    serviceUrl: api.url,
    token,
    sink: scenario.sink,
    ackedByEmail: load.ackedByEmail,
    deadline: lastRestartAt + crashSettings.drainTimeoutSeconds * 1000,
    mailFilter: isClaimMail,
    more: () => customers.settled() && remindersArrived(customers, push, scenario.sink),
  })
  const drainedAt =
    drain.mintedAt !== null && drain.mailedAt !== null && drain.moreAt !== null
      ? Math.max(drain.mintedAt, drain.mailedAt, drain.moreAt)
      : null
  // A late duplicate (a push resent when a dead run's lease ends) has until then to show.
  await sleep(Math.max(1000, lastKillAt + (LEASE_S + 3) * 1000 - Date.now()))
  await customers.stop()

  const counted = await countAcknowledged({
    serviceUrl: api.url,
    token,
    rpcUrl: chain.directUrl,
    sink: scenario.sink,
    acked: load.acked,
    ackedByEmail: load.ackedByEmail,
    mailFilter: isClaimMail,
  })
  const byEmail = new Map(counted.listed.map((w) => [w.customerEmail, w]))
  const claimedButNot = [...customers.claimed].filter(
    (email) => (byEmail.get(email) as { claimed?: boolean } | undefined)?.claimed !== true,
  )
  // Objects a kill left without a row go once older than the grace, at the next sweep.
  const orphanDeadline =
    Math.max(lastKillAt, customers.lastSaveAt) + (ORPHAN_GRACE_S + 3 * SWEEP_S + 5) * 1000
  const customerCount = await countCustomers({
    serviceUrl: api.url,
    dataDir: api.dataDir,
    customers,
    servers: push,
    sink: scenario.sink,
    orphanDeadline,
    killedAt: options.killedAt,
  })
  const figures = {
    ...counted.figures,
    claimedNotShownClaimed: claimedButNot.length,
    ...customerCount.figures,
  }
  scenario.report({
    kills: KILLS,
    ...(await options.report()),
    acknowledged: load.acked.size,
    issueRatePerSecond: load.ackRate(),
    requests: load.tally(),
    customers: { claimed: customers.claimed.size, outcomes: customers.outcomes, ...customerCount.details },
    secondsToDrained: drainedAt === null ? null : seconds(drainedAt - lastRestartAt),
    secondsToMinted: seconds(drain.mintedAt === null ? null : drain.mintedAt - lastRestartAt),
    secondsToCustomersDone: seconds(drain.moreAt === null ? null : drain.moreAt - lastRestartAt),
    /** From the last restart to the end of the count (the drain, the wait for late duplicates, the count). */
    secondsToCounted: seconds(Date.now() - lastRestartAt),
    ...figures,
    chain: { ...counted.chain, examples: counted.chain.examples.slice(0, 5) },
    mail: counted.mail,
    ...logFigures(...options.services),
  })
  expect(figures).toEqual({ ...NOTHING_LOST, claimedNotShownClaimed: 0, ...NO_CUSTOMER_FAULT })
  // At most one documented resend per kill (a push in the window between acceptance and SENT).
  expect(customerCount.details.pushesResentAcrossAKill).toBeLessThanOrEqual(options.killedAt.length)
  expect(counted.chain.checked).toBe(counted.listed.length)
  expect(load.acked.size).toBeGreaterThan(KILLS)
  expect(customers.claimed.size).toBeGreaterThan(0)
  expect(customers.outcomes['reminders 200']).toBeGreaterThan(0)
  // The mix happened: reminders made due and receipts saved and shared.
  expect(customers.expected.pushes.size + customers.expected.reminderEmails.size).toBeGreaterThan(0)
  expect(customers.expected.shares.size).toBeGreaterThan(0)
}
