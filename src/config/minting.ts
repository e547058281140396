import { type Env, int } from './parse.js'

/**
 * The minting pipeline's settings (docs/certificates.md#minting-pipeline), in the shape the
 * pipeline uses: src/features.ts gives `config.minting` to the minting feature, which hands the
 * same object to every part of the pipeline.
 */
export interface MintingSettings {
  /** Warranties per batch: one IPFS directory, one `mintBatch` transaction (MINT_BATCH_SIZE). */
  batchSize: number
  /** Confirmations a mint waits for (CHAIN_CONFIRMATIONS, the chain's setting). */
  confirmations: number
  /** Salt of the serial-number hash in the public metadata (SERIAL_HASH_SALT). */
  serialHashSalt: string
  /** Minting runs before a never-sent batch is FAILED (MINT_MAX_ATTEMPTS). */
  maxAttempts: number
  /** First retry delay of a failed minting run, doubling (MINT_RETRY_DELAY_SECONDS). */
  retryDelaySeconds: number
  /** How often a worker checks for unminted warranties whose wake-up was lost (MINT_SWEEP_SECONDS). */
  sweepSeconds: number
  /** How long one run waits for a receipt before leaving it to the next attempt (not a setting). */
  receiptTimeoutMs: number
}

/** MINT_*, with the chain's confirmations and the serial-hash salt that config reads for others too. */
export function mintingSettings(
  env: Env,
  shared: Pick<MintingSettings, 'confirmations' | 'serialHashSalt'>,
): MintingSettings {
  return {
    batchSize: int(env, 'MINT_BATCH_SIZE', 1000, 1, 1000),
    confirmations: shared.confirmations,
    serialHashSalt: shared.serialHashSalt,
    maxAttempts: int(env, 'MINT_MAX_ATTEMPTS', 8, 1, 100),
    retryDelaySeconds: int(env, 'MINT_RETRY_DELAY_SECONDS', 5, 1, 3600),
    sweepSeconds: int(env, 'MINT_SWEEP_SECONDS', 2, 1, 3600),
    receiptTimeoutMs: 120_000,
  }
}
