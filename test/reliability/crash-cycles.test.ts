/**
 * Issue 18's crash cycles, with real processes: the built service under a sustained issue load
 * with customer e-mails, customers claiming their warranties from the claim e-mails as they
 * arrive, and reminder runs, is killed with `kill -9` of its process group CYCLE_KILLS times,
 * each after a random 1 to 4 s of load (5 in the normal suite, 50 in `npm run
 * test:reliability`), and started again on the same data. Then, counted from outside (the API,
 * the chain through viem, the SMTP sink): every warranty answered 200 exists and is MINTED with
 * its own token on chain, no token twice, exactly one claim e-mail per warranty, and every
 * claim answered 200 left its warranty claimed. Figures and commands: docs/reliability.md.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { testDb } from '../support/harness.js'
import { type ExternalChain, startExternalChain } from '../support/mint-fixtures.js'
import { ensureBuilt } from './support/build.js'
import { checkTokensOnChain } from './support/chain-check.js'
import { IssueLoad } from './support/issue-load.js'
import { mailedCount, tallyMail } from './support/mail-tally.js'
import { createScenario } from './support/scenario.js'
import { allWarranties, merchantStats, request, setUpMerchant } from './support/service-api.js'
import { crashSettings } from './support/settings.js'

const KILLS = Math.round(Number(process.env.CYCLE_KILLS ?? 5))
const CRON_SECRET = 'reliability-cron-secret'
const seconds = (ms: number) => Math.round(ms / 100) / 10

/**
 * Customers at work beside the load: each claim e-mail that reached the sink is claimed once
 * (POST /v1/customer/auth/claim with its claim id), and a reminder run is asked for every 2 s.
 * Requests cut by a kill are counted, not retried: the checks are about what was answered 200.
 */
class Customers {
  readonly claimed = new Set<string>()
  readonly outcomes: Record<string, number> = {}
  private readonly tried = new Set<string>()
  private running = true
  private done: Promise<void> = Promise.resolve()

  constructor(
    private readonly url: () => string,
    private readonly messages: () => { envelope: { to: string[] }; text?: string }[],
  ) {}

  start(): this {
    this.done = Promise.all([this.claimLoop(), this.reminderLoop()]).then(() => undefined)
    return this
  }

  async stop(): Promise<void> {
    this.running = false
    await this.done
  }

  private count(what: string) {
    this.outcomes[what] = (this.outcomes[what] ?? 0) + 1
  }

  private async send(what: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    try {
      const res = await request(`${this.url()}${path}`, {
        method: 'POST',
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs: 10_000,
      })
      this.count(`${what} ${res.status}`)
      return res.status
    } catch {
      this.count(`${what} no answer`)
      return 0
    }
  }

  private async claimLoop() {
    while (this.running) {
      const open = this.messages().filter((m) => !this.tried.has(m.envelope.to[0] ?? ''))
      for (const message of open.slice(0, 5)) {
        const to = message.envelope.to[0] ?? ''
        const claimId = /claimId=([\w-]+)/.exec(message.text ?? '')?.[1]
        this.tried.add(to)
        if (!claimId) continue
        if ((await this.send('claim', '/v1/customer/auth/claim', { claimId })) === 200) this.claimed.add(to)
      }
      await sleep(100)
    }
  }

  private async reminderLoop() {
    while (this.running) {
      await this.send('reminders', '/v1/global/jobs/warranty-reminders', undefined, {
        'x-cron-secret': CRON_SECRET,
      })
      await sleep(2000)
    }
  }
}

async function cycles(): Promise<void> {
  const scenario = await createScenario(`crash-cycles-${testDb}`)
  let chain: ExternalChain | null = null
  try {
    chain = await startExternalChain({ blockTimeSeconds: 1 })
    const service = scenario.service({
      env: {
        CHAIN_RPC_URL: chain.directUrl,
        CHAIN_PRIVATE_KEY: chain.env.CHAIN_PRIVATE_KEY!,
        CERTIFICATE_CONTRACT_ADDRESS: chain.address,
        CRON_SECRET,
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
    }).start()
    const customers = new Customers(
      () => service.url,
      () => scenario.sink.messages,
    ).start()

    const kills: { afterLoadSeconds: number; acknowledged: number; downSeconds: number }[] = []
    for (let kill = 1; kill <= KILLS; kill++) {
      const wait = 1000 + Math.random() * 3000
      await sleep(wait)
      const killedAt = Date.now()
      await service.crash()
      if (kill === KILLS) await load.stop()
      await service.start()
      kills.push({
        afterLoadSeconds: seconds(wait),
        acknowledged: load.acked.size,
        downSeconds: seconds(Date.now() - killedAt),
      })
    }
    const lastRestartAt = Date.now()

    // Drain: every warranty MINTED and every acknowledged one mailed; the customers go on claiming.
    const acked = load.ackedByEmail
    let drainedAt: number | null = null
    while (Date.now() < lastRestartAt + crashSettings.drainTimeoutSeconds * 1000) {
      const stats = await merchantStats(service.url, token)
      if (stats.mints.MINTED === stats.warranties.total && mailedCount(scenario.sink, acked) === acked.size) {
        drainedAt = Date.now()
        break
      }
      await sleep(250)
    }
    await sleep(1000)
    await customers.stop()

    const listed = await allWarranties(service.url, token)
    const byId = new Map(listed.map((w) => [w.id, w]))
    const byEmail = new Map(listed.map((w) => [w.customerEmail, w]))
    const ackedIds = [...load.acked.keys()]
    const minted = listed.filter((w) => w.mint.status === 'MINTED')
    const onChain = await checkTokensOnChain({ rpcUrl: chain.directUrl, serviceUrl: service.url, minted })
    const mail = tallyMail(scenario.sink, acked)
    const claimedButNot = [...customers.claimed].filter(
      (email) => (byEmail.get(email) as { claimed?: boolean } | undefined)?.claimed !== true,
    )
    const figures = {
      lost: ackedIds.filter((id) => !byId.has(id)).length,
      ackedNotMinted: ackedIds.filter((id) => byId.get(id)?.mint.status !== 'MINTED').length,
      tokensNotOnChain: onChain.notOnChain.length,
      tokensOfAnotherCertificate: onChain.wrongCertificate.length,
      tokensTwice: onChain.duplicateTokens.length,
      mailMissing: mail.missing,
      mailDuplicated: mail.duplicated,
      mailWrongContent: mail.wrongContent,
      claimedNotShownClaimed: claimedButNot.length,
    }
    scenario.report({
      kills: KILLS,
      killTimes: kills,
      acknowledged: load.acked.size,
      issueRatePerSecond: load.ackRate(),
      requests: load.tally(),
      customers: { claimed: customers.claimed.size, outcomes: customers.outcomes },
      secondsToDrained: drainedAt === null ? null : seconds(drainedAt - lastRestartAt),
      ...figures,
      chain: { ...onChain, examples: onChain.examples.slice(0, 5) },
      mail,
      logErrorLines: service.totals().errorCount,
      firstErrorLines: service.runs.flatMap((r) => r.log.errorLines).slice(0, 5),
    })
    expect(figures).toEqual({
      lost: 0,
      ackedNotMinted: 0,
      tokensNotOnChain: 0,
      tokensOfAnotherCertificate: 0,
      tokensTwice: 0,
      mailMissing: 0,
      mailDuplicated: 0,
      mailWrongContent: 0,
      claimedNotShownClaimed: 0,
    })
    expect(onChain.checked).toBe(listed.length)
    expect(load.acked.size).toBeGreaterThan(KILLS)
    expect(customers.claimed.size).toBeGreaterThan(0)
    expect(customers.outcomes['reminders 200']).toBeGreaterThan(0)
  } finally {
    await scenario.close()
    await chain?.close()
  }
}

describe(`kill -9 at random moments under issues, claims and reminder runs (${testDb})`, () => {
  beforeAll(() => ensureBuilt(), 600_000)

  it(
    `after ${KILLS} kills and restarts: every acknowledged warranty MINTED once on chain, one claim e-mail each, every answered claim kept`,
    () => cycles(),
    KILLS * 60_000 + crashSettings.drainTimeoutSeconds * 1000 + 180_000,
  )
})
