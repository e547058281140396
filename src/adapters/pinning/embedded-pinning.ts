import type { Logger } from 'pino'
import { LocalBlocksPinning } from './local-blocks.js'

export { blockStorePath } from './local-blocks.js'

/**
 * The embedded default: blocks on local disk, served by our own gateway
 * (`GET /ipfs/{cid}`). `pin` checks that the whole DAG is there and intact, then makes
 * every block written since the last pin durable at once (BlockStore.flush: one syncfs).
 */
export class EmbeddedPinning extends LocalBlocksPinning {
  constructor(
    dataDir: string,
    private readonly logger: Logger,
  ) {
    super(dataDir, logger)
  }

  async pin(cid: string, name: string): Promise<void> {
    await this.store.assertComplete(cid)
    await this.store.blocks.flush()
    this.logger.debug({ cid, name }, 'ipfs content pinned locally')
  }

  async health(): Promise<{ ok: true } | { ok: false; reason: string }> {
    const problem = await this.store.blocks.probe()
    return problem === null ? { ok: true } : { ok: false, reason: problem }
  }
}
