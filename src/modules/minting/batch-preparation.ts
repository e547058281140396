import type { MintBatchRow } from '../../db/schema/index.js'
import { mapLimited } from '../../lib/async.js'
import { warrantyMint } from '../warranties/index.js'
import { certificateFacts, encodeMetadata } from './certificate-metadata.js'
import { recordBatch } from './minting.repository.js'
import type { PipelineDeps } from './pipeline.js'

/** Block writes in flight at once (made durable together by the pin): enough to overlap, few enough to leave libuv's pool to others. */
const PIN_CONCURRENCY = 4

/**
 * Reserves the next token ids for the oldest pending warranties, pins their metadata as
 * one directory and records the batch (PREPARED). Null when nothing is pending.
 *
 * `after`: a batch not settled yet (the pipeline prepares the next batch while the previous
 * one is on its way to the chain); the new batch starts where it ends. Should `after` not be
 * minted at its ids after all, this batch's start is not the chain's next id when it is
 * settled, and it is handed back to pending (the contract never mints at a wrong start).
 */
export async function prepareBatch(deps: PipelineDeps, after?: MintBatchRow): Promise<MintBatchRow | null> {
  const { db, chain, pinning, settings, publicApiUrl } = deps
  const pending = await warrantyMint.pendingWarranties(db, Math.min(settings.batchSize, chain.maxBatchSize))
  if (pending.length === 0) return null

  const onChain = await chain.nextTokenId()
  const afterEnd = after ? BigInt(after.startTokenId + after.quantity) : 0n
  const start = afterEnd > onChain ? afterEnd : onChain
  const files = await mapLimited(pending, PIN_CONCURRENCY, async (w) => {
    // A warranty keeps the certificate it was first batched with (its CID is its identity on
    // IPFS and in reconciliation), even if a name changed since.
    if (w.metadataCid && (await pinning.cat(w.metadataCid))) return { id: w.id, cid: w.metadataCid }
    const bytes = encodeMetadata(certificateFacts(w, publicApiUrl), settings.serialHashSalt)
    return { id: w.id, cid: await pinning.addFile(bytes) }
  })
  const directory = await pinning.addDirectory(
    files.map((f, i) => ({ name: (start + BigInt(i)).toString(), cid: f.cid })),
  )
  await pinning.pin(directory.cid, `warranty-certificates-${start}`)
  return recordBatch(
    db,
    {
      chainId: chain.chainId,
      contractAddress: chain.contractAddress,
      startTokenId: Number(start),
      metadataDirCid: directory.cid,
    },
    files,
  )
}
