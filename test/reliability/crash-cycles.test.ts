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
 * sweep's grace, no object without a receipt (./support/crash-mix.ts). Figures and commands:
 * docs/reliability.md. crash-split.test.ts does the same with an API and a worker process.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, it } from 'vitest'
import { type ExternalChain, startExternalChain } from '../support/mint-fixtures.js'
import { ensureBuilt } from './support/build.js'
import { seconds } from './support/crash-checks.js'
import { finishMix, KILLS, mixEnv, mixTimeoutMs, startMix } from './support/crash-mix.js'
import { type PushServers, startPushServers } from './support/customers.js'
import { createScenario } from './support/scenario.js'
import { setUpMerchant } from './support/service-api.js'

async function cycles(): Promise<void> {
  const scenario = await createScenario(`crash-cycles`)
  let chain: ExternalChain | null = null
  let push: PushServers | null = null
  try {
    chain = await startExternalChain({ blockTimeSeconds: 1 })
    push = await startPushServers()
    const service = scenario.service({ env: mixEnv(chain, push) })
    await service.start()
    const { token, productId } = await setUpMerchant(service.url)
    const mix = startMix({ url: service.url, sink: scenario.sink, token, productId })

    const kills: { afterLoadSeconds: number; acknowledged: number; downSeconds: number }[] = []
    let lastKillAt = 0
    const killedAt: number[] = []
    for (let kill = 1; kill <= KILLS; kill++) {
      const wait = 1000 + Math.random() * 3000
      await sleep(wait)
      lastKillAt = Date.now()
      killedAt.push(lastKillAt)
      await service.crash()
      if (kill === KILLS) await mix.load.stop()
      await service.start()
      kills.push({
        afterLoadSeconds: seconds(wait),
        acknowledged: mix.load.acked.size,
        downSeconds: seconds(Date.now() - lastKillAt),
      })
    }
    await finishMix({
      scenario,
      chain,
      push,
      mix,
      api: service,
      services: [service],
      token,
      lastKillAt,
      killedAt,
      lastRestartAt: Date.now(),
      report: () => ({ killTimes: kills }),
    })
  } finally {
    await scenario.close()
    await chain?.close()
    await push?.close()
  }
}

describe(`kill -9 at random moments under issues, claims, reminders and receipts`, () => {
  beforeAll(() => ensureBuilt(), 600_000)

  it(
    `after ${KILLS} kills and restarts: every acknowledged warranty MINTED once on chain, one claim e-mail each, every answered claim kept, each due reminder sent once, every receipt's objects kept and none orphaned`,
    () => cycles(),
    mixTimeoutMs(60),
  )
})
