/**
 * Issue 9's crash test, with real processes: the built service under a steady issue load with
 * customer e-mails, `kill -9` of its process group CRASH_KILLS times, a restart on the same
 * data each time; then, read from outside (API, chain, SMTP sink), every acknowledged warranty
 * is MINTED with a token the chain holds, no token twice, exactly one claim e-mail per
 * warranty, all within CRASH_BOUND_S of the last restart. Once with the chain outside the
 * group (it survives the crashes), once with the embedded anvil killed along with the service.
 * Sizes: ./support/settings.ts; figures and commands: docs/reliability.md.
 */
import { beforeAll, describe, expect, it } from 'vitest'
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
import { IssueLoad } from './support/issue-load.js'
import { mailedCount } from './support/mail-tally.js'
import { createScenario } from './support/scenario.js'
import { setUpMerchant } from './support/service-api.js'
import { crashSettings as settings } from './support/settings.js'

type ChainMode = 'external' | 'embedded'

async function crashScenario(chainMode: ChainMode): Promise<void> {
  const scenario = await createScenario(`crash-${chainMode}`)
  let chain: ExternalChain | null = null
  try {
    // The external chain is the test's own anvil (interval mining, 1 s blocks): not in the
    // service's process group, so it lives through every kill, as a real chain would.
    if (chainMode === 'external') chain = await startExternalChain({ blockTimeSeconds: 1 })
    const service = scenario.service({ env: chain ? externalChainEnv(chain) : {} })
    await service.start()
    const { token, productId } = await setUpMerchant(service.url)
    const load = new IssueLoad({
      url: service.url,
      token,
      productId,
      rate: settings.rate,
      concurrency: settings.concurrency,
    }).start()

    const kills: { afterSeconds: number | null; acknowledged: number; downtimeSeconds: number | null }[] = []
    let lastRestartAt = 0
    let mailedAtLastKill = 0
    for (let kill = 1; kill <= settings.kills; kill++) {
      await load.waitForAcked(Math.ceil((settings.backlog * kill) / settings.kills), 300_000)
      const killedAt = Date.now()
      const acknowledged = load.acked.size
      await service.crash()
      if (kill === settings.kills) {
        // The backlog is what was acknowledged up to the last kill: no new issues after it.
        await load.stop()
        mailedAtLastKill = mailedCount(scenario.sink, load.ackedByEmail)
      }
      lastRestartAt = Date.now()
      await service.start()
      kills.push({
        afterSeconds: seconds(killedAt - load.startedAt),
        acknowledged,
        downtimeSeconds: seconds(Date.now() - killedAt),
      })
    }

    // Drain: poll until every warranty is MINTED and every acknowledged one was mailed.
    const acked = load.ackedByEmail
    const { mintedAt, mailedAt, notMintedAtStart } = await waitForDrain({
      serviceUrl: service.url,
      token,
      sink: scenario.sink,
      ackedByEmail: acked,
      deadline: lastRestartAt + settings.drainTimeoutSeconds * 1000,
    })

    // Verification, from outside.
    const rpcUrl = chain ? chain.directUrl : service.current.log.anvilRpcUrl
    if (!rpcUrl) throw new Error('no RPC URL: the service did not log "anvil started"')
    const counted = await countAcknowledged({
      serviceUrl: service.url,
      token,
      rpcUrl,
      sink: scenario.sink,
      acked: load.acked,
      ackedByEmail: acked,
    })
    const drainSeconds =
      mintedAt !== null && mailedAt !== null ? seconds(Math.max(mintedAt, mailedAt) - lastRestartAt) : null

    scenario.report({
      chainMode:
        chainMode === 'external' ? 'external anvil, survives the kills' : 'embedded anvil, killed too',
      settings,
      acknowledged: load.acked.size,
      issueRatePerSecond: load.ackRate(),
      requests: load.tally(),
      kills,
      notMintedAtLastRestart: notMintedAtStart,
      notMailedAtLastKill: acked.size - mailedAtLastKill,
      secondsToAllMinted: seconds(mintedAt === null ? null : mintedAt - lastRestartAt),
      secondsToAllMailed: seconds(mailedAt === null ? null : mailedAt - lastRestartAt),
      mintStatuses: counted.mintStatuses,
      warrantiesListed: counted.listed.length,
      ...counted.figures,
      chain: { ...counted.chain, examples: counted.chain.examples.slice(0, 5) },
      mail: counted.mail,
      ...logFigures(service),
      log: service.logFile,
    })

    // All the acceptance figures at once, so that a failure shows every one of them.
    expect({
      ...counted.figures,
      drainedWithinBound: drainSeconds !== null && drainSeconds <= settings.boundSeconds,
    }).toEqual({ ...NOTHING_LOST, drainedWithinBound: true })
    expect(counted.chain.checked).toBe(counted.listed.length)
    expect(load.acked.size).toBeGreaterThanOrEqual(settings.backlog)
  } finally {
    await scenario.close()
    await chain?.close()
  }
}

/** Generous: kills × (start + load) + drain + verification, at the slowest machine we expect. */
const TIMEOUT_MS =
  (settings.kills + 1) * 90_000 +
  (settings.backlog / settings.rate) * 3_000 +
  settings.drainTimeoutSeconds * 1000 +
  120_000

describe(`kill -9 of the service's process group under an issue load`, () => {
  beforeAll(() => ensureBuilt(), 600_000)

  it(
    `the chain outside the group: after ${settings.kills} kills and restarts, every acknowledged warranty is MINTED with its token on chain, none twice, one claim e-mail each, within ${settings.boundSeconds} s of the last restart`,
    () => crashScenario('external'),
    TIMEOUT_MS,
  )

  it(
    `the embedded anvil killed with the service: after ${settings.kills} kills and restarts, every acknowledged warranty is MINTED with its token on chain, none twice, one claim e-mail each, within ${settings.boundSeconds} s of the last restart`,
    () => crashScenario('embedded'),
    TIMEOUT_MS,
  )
})
