import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from 'pino'
import { AdapterError } from '../adapter-error.js'
import { LocalBlocksPinning } from './local-blocks.js'
import { PinningServiceClient, type PinStatus } from './pinning-service-client.js'

export interface PinningServiceOptions {
  /** `PINNING_SERVICE_URL`: the API root, `/pins` is appended. */
  url: string
  /** `PINNING_SERVICE_TOKEN`: sent as `Authorization: Bearer …`, never logged. */
  token: string
  /** `PINNING_ORIGINS`: multiaddrs of IPFS peers that hold our blocks, sent with each pin request. */
  origins?: readonly string[]
  /** Blocks are also kept under `<dataDir>/ipfs/blocks`, as in the embedded store. */
  dataDir: string
  logger: Logger
  /** Time limit of each HTTP call. Default 10 s. */
  requestTimeoutMs?: number
  /** How long `pin` waits for `pinned` before throwing a retryable error. Default 60 s. */
  pinTimeoutMs?: number
  /** First pause between status polls; doubles up to `maxPollIntervalMs`. Defaults 500 ms, 10 s. */
  pollIntervalMs?: number
  maxPollIntervalMs?: number
}

const ACTIVE = ['queued', 'pinning', 'pinned'] as const

/**
 * Production pinning: blocks are stored locally (our gateway serves them) and pinned
 * by CID through the IPFS Pinning Service API. The provider fetches the blocks over
 * the IPFS network, so some peer must hold them: see `origins` and docs/ipfs.md.
 */
export class PinningServiceAdapter extends LocalBlocksPinning {
  private readonly client: PinningServiceClient
  private readonly closing = new AbortController()
  private readonly pinning = new Map<string, Promise<void>>()
  private readonly logger: Logger
  private readonly origins: string[]
  private readonly pinTimeoutMs: number
  private readonly pollIntervalMs: number
  private readonly maxPollIntervalMs: number

  constructor(options: PinningServiceOptions) {
    super(options.dataDir, options.logger)
    this.logger = options.logger
    this.client = new PinningServiceClient(
      options.url,
      options.token,
      options.requestTimeoutMs ?? 10_000,
      this.closing.signal,
    )
    this.origins = [...(options.origins ?? [])]
    this.pinTimeoutMs = options.pinTimeoutMs ?? 60_000
    this.pollIntervalMs = options.pollIntervalMs ?? 500
    this.maxPollIntervalMs = options.maxPollIntervalMs ?? 10_000
  }

  async pin(cid: string, name: string): Promise<void> {
    if (this.closing.signal.aborted) throw new AdapterError('the pinning adapter is closed', false)
    const root = (await this.store.assertComplete(cid)).toString()
    // Our gateway serves the blocks to the pinning service, and after it: durable here too.
    await this.store.blocks.flush()
    // Concurrent pins of one CID in this process share one request.
    const current = this.pinning.get(root)
    if (current !== undefined) return current
    const pinned = this.pinRemotely(root, name).finally(() => this.pinning.delete(root))
    this.pinning.set(root, pinned)
    return pinned
  }

  async health(): Promise<{ ok: true } | { ok: false; reason: string }> {
    const local = await this.store.blocks.probe()
    if (local !== null) return { ok: false, reason: local }
    try {
      await this.client.ping()
      return { ok: true }
    } catch (err) {
      return { ok: false, reason: err instanceof Error ? err.message : String(err) }
    }
  }

  override async close(): Promise<void> {
    this.closing.abort()
    await Promise.allSettled([...this.pinning.values()])
    await super.close()
  }

  private async pinRemotely(cid: string, name: string): Promise<void> {
    const existing = await this.client.findPins(cid, ACTIVE)
    let status = existing.find((p) => p.status === 'pinned') ?? existing[0]
    if (status) {
      this.logger.debug({ cid, requestid: status.requestid, status: status.status }, 'reusing pin request')
    } else {
      status = await this.client.addPin({
        cid,
        name: name.slice(0, 255), // the spec's limit
        ...(this.origins.length > 0 ? { origins: this.origins } : {}),
      })
      this.logger.info({ cid, name, requestid: status.requestid }, 'pin request created')
    }
    if (status.delegates.length > 0) {
      this.logger.debug({ cid, delegates: status.delegates }, 'pinning service delegates')
    }
    await this.waitUntilPinned(cid, status)
  }

  private async waitUntilPinned(cid: string, initial: PinStatus): Promise<void> {
    const deadline = Date.now() + this.pinTimeoutMs
    let status = initial
    let pause = this.pollIntervalMs
    let lastError: unknown = null
    for (;;) {
      if (status.status === 'pinned') return
      if (status.status === 'failed') {
        const info = status.info ? `: ${JSON.stringify(status.info).slice(0, 300)}` : ''
        throw new AdapterError(
          `pinning service failed to pin ${cid} (request ${status.requestid})${info}`,
          false,
        )
      }
      const remaining = deadline - Date.now()
      if (remaining <= 0) {
        if (lastError instanceof AdapterError) throw lastError
        throw new AdapterError(
          `pin of ${cid} still ${status.status} after ${this.pinTimeoutMs} ms (request ${status.requestid}); retry later`,
          true,
        )
      }
      try {
        await sleep(Math.min(pause, remaining), undefined, { signal: this.closing.signal })
      } catch (err) {
        throw new AdapterError('the pinning adapter closed while waiting for a pin', true, { cause: err })
      }
      pause = Math.min(pause * 2, this.maxPollIntervalMs)
      try {
        status = await this.client.getPin(status.requestid)
        lastError = null
      } catch (err) {
        // A blip while polling is not worth failing for: keep polling until the deadline.
        if (!(err instanceof AdapterError) || !err.retryable) throw err
        this.logger.debug({ cid, err }, 'pin status poll failed; polling again')
        lastError = err
      }
    }
  }
}
