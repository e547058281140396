/**
 * `npm run bench:ipfs`: the embedded IPFS store's cost per certificate, batch after batch, as the
 * minter prepares them: BENCH_IPFS_BATCHES (default 200) batches of 1,000 certificate metadata
 * files (as many bytes as a real certificate's), each followed by its directory and the pin
 * (`EmbeddedPinning`: one filesystem sync per batch). The yardstick, in the same run and on the
 * same disk: the same batch written the way the store wrote before (each file to a temporary
 * file, fsynced, renamed, its folder fsynced: `writeAtomic`), every BENCH_IPFS_YARDSTICK_EVERY
 * (default 20) batches, so that both see the same machine. Reported: ms per certificate for the
 * store and the yardstick, their ratio, and the store's cost over the first and the last tenth of
 * the batches (flat means the millionth certificate costs what the first did).
 * Results: bench/results/ipfs-batch.json.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import { EmbeddedPinning } from '../src/adapters/pinning/embedded-pinning.js'
import { mapLimited } from '../src/lib/async.js'
import { writeAtomic } from '../src/lib/atomic-file.js'
import { createLogger } from '../src/logger.js'

const BATCHES = Number(process.env.BENCH_IPFS_BATCHES ?? 200)
const BATCH = 1_000
const YARDSTICK_EVERY = Number(process.env.BENCH_IPFS_YARDSTICK_EVERY ?? 20)
/** Certificate files written at once, as the minter's batch preparation does. */
const CONCURRENCY = 4

const logger = createLogger({ logLevel: 'warn' })
const root = mkdtempSync(join(tmpdir(), 'bench-ipfs-'))
const pinning = new EmbeddedPinning(join(root, 'store'), logger)
const yardstickDir = join(root, 'yardstick')

/** A certificate's metadata as the minter pins it (about 900 bytes of JSON), distinct per token. */
function certificate(token: number): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify({
      name: `Warranty certificate #${token}`,
      description: 'Warranty certificate issued on the platform; verify it at the link below.',
      image: `https://api.example.com/v1/global/certificates/${token}/image.svg`,
      external_url: `https://api.example.com/verify/${token}`,
      attributes: [
        { trait_type: 'Merchant', value: 'Example Electronics GmbH' },
        { trait_type: 'Product', value: 'Espresso machine EM-2000' },
        { trait_type: 'GTIN', value: '04012345678901' },
        { trait_type: 'Serial hash', value: `0x${token.toString(16).padStart(64, 'a')}` },
        { trait_type: 'Warranty start', value: '2026-11-29' },
        { trait_type: 'Warranty end', value: '2028-11-29' },
      ],
      digital_link: 'https://id.example.com/01/04012345678901',
    }),
  )
}

/** The indexes of one batch's certificates. */
const indexes = Array.from({ length: BATCH }, (_, i) => i)

async function storeBatch(batch: number): Promise<number> {
  const started = performance.now()
  const first = batch * BATCH
  const cids = await mapLimited(indexes, CONCURRENCY, (i) => pinning.addFile(certificate(first + i)))
  const directory = await pinning.addDirectory(cids.map((cid, i) => ({ name: String(first + i), cid })))
  await pinning.pin(directory.cid, `bench-${batch}`)
  return (performance.now() - started) / BATCH
}

/** The same batch, each file durable on its own (temporary file, fsync, rename, folder fsync). */
async function yardstickBatch(batch: number): Promise<number> {
  const started = performance.now()
  const first = batch * BATCH
  await mapLimited(indexes, CONCURRENCY, async (i) => {
    const bytes = certificate(first + i)
    const cid = CID.create(1, raw.code, await sha256.digest(bytes)).toString()
    await writeAtomic(join(yardstickDir, cid.slice(-2), `${cid}.data`), bytes)
  })
  return (performance.now() - started) / BATCH
}

const store: number[] = []
const yardstick: { batch: number; storeMs: number; yardstickMs: number }[] = []
const loads: number[] = []
try {
  for (let batch = 0; batch < BATCHES; batch++) {
    store.push(await storeBatch(batch))
    if (batch % YARDSTICK_EVERY === 0) {
      yardstick.push({ batch, storeMs: store[batch]!, yardstickMs: await yardstickBatch(batch) })
      loads.push(loadavg()[0]!)
      console.log(
        `batch ${batch}: store ${store[batch]!.toFixed(3)} ms/certificate, per-file fsync ${yardstick.at(-1)!.yardstickMs.toFixed(3)} ms`,
      )
    }
  }
} finally {
  await pinning.close()
  rmSync(root, { recursive: true, force: true })
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
const tenth = Math.max(1, Math.floor(BATCHES / 10))
const storeMean = mean(yardstick.map((y) => y.storeMs))
const yardstickMean = mean(yardstick.map((y) => y.yardstickMs))
const result = {
  at: new Date().toISOString(),
  certificates: BATCHES * BATCH,
  batchSize: BATCH,
  msPerCertificate: {
    store: Number(storeMean.toFixed(4)),
    perFileFsyncYardstick: Number(yardstickMean.toFixed(4)),
    ratioToYardstick: Number((storeMean / yardstickMean).toFixed(3)),
  },
  flatness: {
    firstTenthMs: Number(mean(store.slice(0, tenth)).toFixed(4)),
    lastTenthMs: Number(mean(store.slice(-tenth)).toFixed(4)),
    lastOverFirst: Number((mean(store.slice(-tenth)) / mean(store.slice(0, tenth))).toFixed(3)),
  },
  pairs: yardstick.map((y) => ({
    ...y,
    storeMs: Number(y.storeMs.toFixed(4)),
    yardstickMs: Number(y.yardstickMs.toFixed(4)),
  })),
  loadAverage: {
    min: Math.min(...loads),
    mean: Number(mean(loads).toFixed(2)),
    max: Math.max(...loads),
  },
}
writeFileSync('bench/results/ipfs-batch.json', `${JSON.stringify(result, null, 2)}\n`)
console.log(JSON.stringify({ ...result, pairs: undefined }, null, 2))
