/**
 * Issue 9's shutdown test, with real processes: `npm start` (npm leads the process group, as
 * in a terminal or under systemd's `KillMode=control-group`), a load of SHUTDOWN_RATE issues/s
 * with customer e-mails, then SIGTERM or SIGINT to the whole group. Every request the service
 * accepted is answered 200 or 503, no error-level line is logged, no attempt is spent on a
 * closed adapter, nothing of the group is left after SHUTDOWN_BOUND_S, and a start on the
 * same data right after the prompt is back (npm exited) succeeds.
 * Sizes: ./support/settings.ts; figures and commands: docs/reliability.md.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from './support/build.js'
import { IssueLoad, type RequestRecord } from './support/issue-load.js'
import { mailedCount } from './support/mail-tally.js'
import { createScenario } from './support/scenario.js'
import { call, merchantStats, setUpMerchant } from './support/service-api.js'
import { shutdownSettings as settings } from './support/settings.js'

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10)

async function shutdownScenario(signal: 'SIGTERM' | 'SIGINT'): Promise<void> {
  const scenario = await createScenario(`shutdown-${signal}`)
  try {
    const service = scenario.service({ launcher: 'npm' })
    await service.start()
    const { token, productId } = await setUpMerchant(service.url)
    const load = new IssueLoad({
      url: service.url,
      token,
      productId,
      rate: settings.rate,
      concurrency: settings.concurrency,
    }).start()
    await sleep(settings.loadSeconds * 1000)

    const stopped = service.current
    const mailBacklog = load.acked.size - mailedCount(scenario.sink, load.ackedByEmail)
    const signalledAt = Date.now()
    service.signalGroup(signal)
    const groupGone = service.waitForGroupGone(stopped, 45_000, signalledAt).then(
      (ms) => ms,
      () => null,
    )
    const leaderExited = await Promise.race([stopped.exit.then(() => true), sleep(45_000).then(() => false)])

    // The prompt is back: start again at once, on the same data and port.
    let restartError: string | null = null
    const restarted = leaderExited
      ? service.start().then(
          () => true,
          (err: unknown) => {
            restartError = String(err).slice(0, 2000)
            return false
          },
        )
      : Promise.resolve(false)
    const groupGoneMs = await groupGone
    await load.stop()
    const restartOk = await restarted
    if (!leaderExited) restartError = 'the group leader did not exit within 45 s'

    let issueAfterRestart: string | null = null
    if (restartOk) {
      issueAfterRestart = await call(service.url, 'POST', '/v1/merchant/warranties/issue', {
        token,
        body: { serialNumber: 'AFTER-RESTART-1', merchantProductId: productId },
      }).then(
        () => 'ok',
        (err: unknown) => String(err),
      )
    }
    const stats = restartOk ? await merchantStats(service.url, token).catch(() => null) : null

    const inFlight = load.tally((r) => r.endedAt >= signalledAt)
    scenario.report({
      signal,
      launcher: 'npm start',
      settings,
      acknowledgedBeforeSignal: load.tally((r) => r.endedAt < signalledAt).ok,
      issueRatePerSecond: load.ackRate(),
      mailBacklogAtSignal: mailBacklog,
      requestsEndingAfterSignal: inFlight,
      resetWhenTheListenerClosed: load.tally(resetWhenTheListenerClosed(load.records, signalledAt)).dropped,
      droppedMsFromSignal: load.records
        .filter((r) => r.outcome === 'dropped')
        .map((r) => ({ ms: r.endedAt - signalledAt, reused: r.reusedSocket, error: r.error })),
      firstRefusalMsFromSignal: firstRefusal(load.records, signalledAt),
      allRequests: load.tally(),
      secondsToLeaderExit: seconds(stopped.exitedAt === null ? null : stopped.exitedAt - signalledAt),
      secondsToGroupGone: seconds(groupGoneMs),
      errorLines: stopped.log.errorCount,
      firstErrorLines: stopped.log.errorLines.slice(0, 5),
      adapterClosedLines: stopped.log.adapterClosedCount,
      restart: restartOk ? 'ok' : restartError,
      issueAfterRestart,
      mintsAfterRestart: stats?.mints ?? null,
      log: service.logFile,
    })

    const all = load.tally()
    const resetAtClose = load.tally(resetWhenTheListenerClosed(load.records, signalledAt)).dropped
    expect({
      answeredOtherThan200Or503: all.status,
      otherStatuses: all.otherStatuses,
      droppedWithoutAnswer: all.dropped - resetAtClose,
      timedOut: all.timeout,
      errorLines: stopped.log.errorLines,
      adapterClosedLines: stopped.log.adapterClosedCount,
      stoppedWithinBound: groupGoneMs !== null && groupGoneMs <= settings.stopBoundSeconds * 1000,
      restart: restartOk ? 'ok' : restartError,
      issueAfterRestart,
    }).toEqual({
      answeredOtherThan200Or503: 0,
      otherStatuses: {},
      droppedWithoutAnswer: 0,
      timedOut: 0,
      errorLines: [],
      adapterClosedLines: 0,
      stoppedWithinBound: true,
      restart: 'ok',
      issueAfterRestart: 'ok',
    })
    expect(all.ok).toBeGreaterThan(0)
  } finally {
    await scenario.close()
  }
}

/** When the first connection after the signal was refused (ms from the signal): the listener was closed. */
function firstRefusal(records: readonly RequestRecord[], signalledAt: number): number | null {
  let first: number | null = null
  for (const r of records) {
    if (r.outcome === 'refused' && r.endedAt >= signalledAt && (first === null || r.endedAt < first))
      first = r.endedAt
  }
  return first === null ? null : first - signalledAt
}

/**
 * How close to the first refusal (the listener closing) a reset counts as one of the close. The
 * service closes its listener and its accepted-but-unread connections in one synchronous call
 * (Node's http.Server.close: closeIdleConnections, then the listener), so what separates the two
 * as this test sees them is only its own event loop's lag under the load it generates: up to
 * 322 ms seen in CI (a fresh connection reset 1,862 ms after the signal, the first refusal at
 * 1,540 ms), where 250 ms had been allowed. A request the service read and then dropped would be
 * cut at the grace's end, 2,000 ms after the close: 500 ms still tells the two apart.
 */
const LISTENER_CLOSE_WINDOW_MS = 500

/**
 * The requests that met the listener's close, not the service: under a steady stream of new
 * connections, one the kernel completed into the listen queue just before the listener closed is
 * reset by the kernel (never accepted), and one accepted but not yet read is closed by the
 * server's close as idle; the service never read either request, as with a refused connection.
 * Told apart from a dropped request the service read by all three marks: a fresh connection (not
 * a kept-alive one), ECONNRESET, and its end within LISTENER_CLOSE_WINDOW_MS of the first refusal
 * after the signal. Requests cut at the grace's end (2 s after the close) or on kept-alive
 * connections stay drops.
 */
function resetWhenTheListenerClosed(
  records: readonly RequestRecord[],
  signalledAt: number,
): (r: RequestRecord) => boolean {
  const fromSignal = firstRefusal(records, signalledAt)
  const closedAt = fromSignal === null ? null : signalledAt + fromSignal
  return (r) =>
    closedAt !== null &&
    r.outcome === 'dropped' &&
    !r.reusedSocket &&
    r.error === 'ECONNRESET' &&
    Math.abs(r.endedAt - closedAt) <= LISTENER_CLOSE_WINDOW_MS
}

describe(`SIGTERM and SIGINT to the process group of npm start under ${settings.rate} issues/s`, () => {
  beforeAll(() => ensureBuilt(), 600_000)

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(
      `${signal}: every in-flight request answered 200 or 503, no error-level line, no attempt on a closed adapter, stopped within ${settings.stopBoundSeconds} s; an immediate restart succeeds`,
      () => shutdownScenario(signal),
      300_000,
    )
  }
})
