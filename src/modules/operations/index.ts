/**
 * Operator tasks that span features, for the `warranty` CLI (src/cli/warranty.ts): the mint
 * backlog, failed mints retried in bulk, and a merchant's data exported. No routes, no jobs:
 * read-mostly SQL over the warranties, merchants, users, products and sender addresses tables,
 * with the same rules as the features that own them (a bulk retry does what `retry-mint` does).
 */
export { type ExportSink, exportMerchant } from './merchant-export.js'
export { type MintBacklog, mintBacklog, retryFailedMints } from './operations.repository.js'
