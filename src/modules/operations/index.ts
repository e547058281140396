/**
 * Operator tasks that span features, for the `warranty` CLI (src/cli/warranty.ts): the mint
 * backlog, failed mints retried in bulk, and a merchant's data exported. No routes, no jobs:
 * read-mostly SQL over the warranties, merchants, users, products and sender addresses tables,
 * with the same rules as the features that own them. The bulk retry writes the warranties' mint
 * columns, so it lives with every other such statement (warranties' warranty-mint.repository.ts).
 */
import { warrantyMint } from '../warranties/index.js'

export { type ExportSink, exportMerchant } from './merchant-export.js'
export { type MintBacklog, mintBacklog } from './operations.repository.js'

/** Every FAILED mint (of one merchant, or all) back to PENDING, as `retry-mint` does one at a time. */
export const retryFailedMints = warrantyMint.retryFailedMints
