/**
 * Issue 18's crash cycles, with real processes: the built service under a sustained issue load
 * with customer e-mails, is killed with `kill -9` of its process group CYCLE_KILLS times, each
 * after a random 1 to 4 s of load (5 in the normal suite, 50 in `npm run test:reliability`),
 * and started again on the same data. Beside the load, customers claim their warranties from
 * the claim e-mails as they arrive, register phones and ask for reminders, save receipts and
 * share them, and a reminder run is asked for every 2 s (./support/customers.ts). Then,
 * counted from outside (the API, the chain through viem, the SMTP sink, the local FCM and APNs
 * servers, DATA_DIR/blobs): every warranty answered 200 exists and is MINTED with its own token
 * on chain, no token twice, exactly one claim e-mail per warranty, every claim answered 200
 * left its warranty claimed; each due reminder pushed (or, without a phone, e-mailed) exactly
 * once; one e-mail per share; every receipt's objects in the blob store and, after the orphan
 * sweep's grace, no object without a receipt. Figures and commands: docs/reliability.md.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { testDb } from '../support/harness.js'
import { type ExternalChain, startExternalChain } from '../support/mint-fixtures.js'
import { ensureBuilt } from './support/build.js'
import {
  countAcknowledged,
  externalChainEnv,
  logFigures,
  NOTHING_LOST,
  seconds,
  waitForDrain,
} from './support/crash-checks.js'
import {
  CRON_SECRET,
  Customers,
  countCustomers,
  expiringIssue,
  NO_CUSTOMER_FAULT,
  type PushServers,
  remindersArrived,
  startPushServers,
} from './support/customers.js'
import { IssueLoad } from './support/issue-load.js'
import { isClaimMail } from './support/mail-tally.js'
import { createScenario } from './support/scenario.js'
import { setUpMerchant } from './support/service-api.js'
import { crashSettings } from './support/settings.js'

const KILLS = Math.round(Number(process.env.CYCLE_KILLS ?? 5))
/** Customers who go on after their claim (phones and reminders, receipts and shares): 6 per kill. */
const JOURNEYS = Math.round(Number(process.env.CYCLE_JOURNEYS ?? 6 * KILLS))
/** The orphan sweep's grace (the setting's minimum) and period, and the reminder lease (its minimum). */
const ORPHAN_GRACE_S = 10
const SWEEP_S = 2
const LEASE_S = 15

async function cycles(): Promise<void> {
  const scenario = await createScenario(`crash-cycles-${testDb}`)
  let chain: ExternalChain | null = null
  let push: PushServers | null = null
  try {
    chain = await startExternalChain({ blockTimeSeconds: 1 })
    push = await startPushServers()
    const service = scenario.service({
      env: {
        ...externalChainEnv(chain),
        ...push.env,
        CRON_SECRET,
        BLOB_ORPHAN_GRACE_SECONDS: String(ORPHAN_GRACE_S),
        BLOB_SWEEP_SECONDS: String(SWEEP_S),
        REMINDER_LEASE_SECONDS: String(LEASE_S),
      },
    })
    await service.start()
    const { token, productId } = await setUpMerchant(service.url)
    const load = new IssueLoad({
      url: service.url,
      token,
      productId,
      rate: crashSettings.rate,
      concurrency: crashSettings.concurrency,
      extra: expiringIssue,
    }).start()
    const customers = new Customers({
      url: () => service.url,
      sink: scenario.sink,
      acknowledged: (email) => load.ackedByEmail.get(email),
      maxJourneys: JOURNEYS,
    }).start()

    const kills: { afterLoadSeconds: number; acknowledged: number; downSeconds: number }[] = []
    let lastKillAt = 0
    for (let kill = 1; kill <= KILLS; kill++) {
      const wait = 1000 + Math.random() * 3000
      await sleep(wait)
      lastKillAt = Date.now()
      await service.crash()
      if (kill === KILLS) await load.stop()
      await service.start()
      kills.push({
        afterLoadSeconds: seconds(wait),
        acknowledged: load.acked.size,
        downSeconds: seconds(Date.now() - lastKillAt),
      })
    }
    const lastRestartAt = Date.now()

    // Drain: every warranty MINTED, every acknowledged one mailed, every customer's journey
    // done and what it made due pushed or e-mailed; the customers go on meanwhile.
    const drain = await waitForDrain({
      serviceUrl: service.url,
      token,
      sink: scenario.sink,
      ackedByEmail: load.ackedByEmail,
      deadline: lastRestartAt + crashSettings.drainTimeoutSeconds * 1000,
      mailFilter: isClaimMail,
      more: () => customers.settled() && remindersArrived(customers, push!, scenario.sink),
    })
    const drainedAt =
      drain.mintedAt !== null && drain.mailedAt !== null && drain.moreAt !== null
        ? Math.max(drain.mintedAt, drain.mailedAt, drain.moreAt)
        : null
    // A late duplicate (a push resent when a dead run's lease ends) has until then to show.
    await sleep(Math.max(1000, lastKillAt + (LEASE_S + 3) * 1000 - Date.now()))
    await customers.stop()

    const counted = await countAcknowledged({
      serviceUrl: service.url,
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
      serviceUrl: service.url,
      dataDir: service.dataDir,
      customers,
      servers: push,
      sink: scenario.sink,
      orphanDeadline,
    })
    const figures = {
      ...counted.figures,
      claimedNotShownClaimed: claimedButNot.length,
      ...customerCount.figures,
    }
    scenario.report({
      kills: KILLS,
      killTimes: kills,
      acknowledged: load.acked.size,
      issueRatePerSecond: load.ackRate(),
      requests: load.tally(),
      customers: { claimed: customers.claimed.size, outcomes: customers.outcomes, ...customerCount.details },
      secondsToDrained: drainedAt === null ? null : seconds(drainedAt - lastRestartAt),
      secondsToMinted: seconds(drain.mintedAt === null ? null : drain.mintedAt - lastRestartAt),
      secondsToCustomersDone: seconds(drain.moreAt === null ? null : drain.moreAt - lastRestartAt),
      ...figures,
      chain: { ...counted.chain, examples: counted.chain.examples.slice(0, 5) },
      mail: counted.mail,
      ...logFigures(service),
    })
    expect(figures).toEqual({ ...NOTHING_LOST, claimedNotShownClaimed: 0, ...NO_CUSTOMER_FAULT })
    expect(counted.chain.checked).toBe(counted.listed.length)
    expect(load.acked.size).toBeGreaterThan(KILLS)
    expect(customers.claimed.size).toBeGreaterThan(0)
    expect(customers.outcomes['reminders 200']).toBeGreaterThan(0)
    // The mix happened: reminders made due and receipts saved and shared.
    expect(customers.expected.pushes.size + customers.expected.reminderEmails.size).toBeGreaterThan(0)
    expect(customers.expected.shares.size).toBeGreaterThan(0)
  } finally {
    await scenario.close()
    await chain?.close()
    await push?.close()
  }
}

describe(`kill -9 at random moments under issues, claims, reminders and receipts (${testDb})`, () => {
  beforeAll(() => ensureBuilt(), 600_000)

  it(
    `after ${KILLS} kills and restarts: every acknowledged warranty MINTED once on chain, one claim e-mail each, every answered claim kept, each due reminder sent once, every receipt's objects kept and none orphaned`,
    () => cycles(),
    KILLS * 60_000 + crashSettings.drainTimeoutSeconds * 1000 + 180_000,
  )
})
