/**
 * OCR accuracy and speed on the generated receipt corpus, tesseract.js (our engine: sharp
 * preprocessing + worker pool) against Debian's `tesseract` CLI on the same images, both
 * read by the same extractor. The held-out split is the default: it is the final score.
 *
 *   npm run bench:ocr [-- --split dev|holdout|all] [--limit N] [--no-cli] [--verbose] [--model M]
 *                     [--engine auto|native|wasm] [--threads 1|2]
 *
 * The CLI is run twice, in the same run: with `OMP_THREAD_LIMIT=1` (one thread, like each of our
 * recognisers) and with its default threads (Debian builds it with OpenMP); our ratios are given
 * against both and against the faster. `--threads`: recognisers a worker may use at once for the
 * two bands of a tall page (`readThreads`, default 2).
 *
 * `--engine`: our recogniser (`wasm`, the default: tesseract.js; `native`: libtesseract in child
 * processes; `auto`: native when it loads). `--model`: `4.0.0_best_int` (the default), `4.0.0`, or a folder with an uncompressed
 * `eng.traineddata` (e.g. Debian's tessdata_fast, /usr/share/tesseract-ocr/5/tessdata).
 *
 * Needs the corpus: `npx tsx scripts/receipts/generate.ts` (written to a git-ignored folder).
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { extractReceipt } from '../src/adapters/ocr/extract/receipt-extract.js'
import type { ReceiptReading } from '../src/adapters/ocr/port.js'
import { defaultOcrSettings, type OcrEngineChoice } from '../src/adapters/ocr/settings.js'
import { TesseractOcr } from '../src/adapters/ocr/tesseract-ocr.js'
import { percentile, type Score, score, summarise, type TruthFile } from './ocr-score.js'

const run = promisify(execFile)
const args = process.argv.slice(2)
const opt = (name: string) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args[at + 1] : undefined
}
const split = opt('split') ?? 'holdout'
const limit = Number(opt('limit') ?? Number.POSITIVE_INFINITY)
const verbose = args.includes('--verbose')
const model = opt('model')
const engine = (opt('engine') ?? 'wasm') as OcrEngineChoice
const threads = opt('threads')
const IMAGES = join(import.meta.dirname, '..', 'test', 'fixtures', 'receipts', 'images')

interface Sample {
  truth: TruthFile
  kind: 'scan' | 'photo'
  path: string
  bytes: Buffer
}

async function loadSamples(): Promise<Sample[]> {
  const splits = split === 'all' ? ['dev', 'holdout'] : [split]
  const samples: Sample[] = []
  for (const s of splits) {
    const dir = join(IMAGES, s)
    if (!existsSync(dir)) throw new Error(`No corpus in ${dir}: run npx tsx scripts/receipts/generate.ts`)
    const ids = (await readdir(dir))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .slice(0, limit)
    for (const file of ids) {
      const truth = JSON.parse(await readFile(join(dir, file), 'utf8')) as TruthFile
      for (const [kind, ext] of [
        ['scan', 'scan.png'],
        ['photo', 'photo.jpg'],
      ] as const) {
        const path = join(dir, `${truth.id}.${ext}`)
        samples.push({ truth, kind, path, bytes: await readFile(path) })
      }
    }
  }
  return samples
}

interface EngineResult {
  engine: string
  byKind: Record<string, ReturnType<typeof summarise>>
  latencyMs: { p50: number; p95: number }
  /** Each image's latency, in the samples' order (for per-image ratios). */
  perImageMs: number[]
  imagesPerSecond: number
  failures: number
}

type Read = (s: Sample) => Promise<Pick<ReceiptReading, 'merchant' | 'date' | 'total' | 'currency' | 'items'>>

interface Reader {
  engine: string
  read: Read
  /** Reads in flight for the saturated measurement. */
  parallel: number
}

/**
 * Latency and accuracy, one image at a time, the readers interleaved image by image (the order
 * rotating), so that a shared machine's load drifting during the run weighs on all alike; then
 * each reader saturated in turn (`parallel` reads in flight until every image is done).
 */
async function measure(readers: Reader[], samples: Sample[]): Promise<EngineResult[]> {
  const scores = readers.map(() => ({ scan: [] as Score[], photo: [] as Score[] }))
  const latencies = readers.map(() => [] as number[])
  const failures = readers.map(() => 0)
  for (const [i, s] of samples.entries()) {
    for (let k = 0; k < readers.length; k++) {
      const at = (i + k) % readers.length
      const { engine, read } = readers[at]!
      const started = performance.now()
      try {
        const result = await read(s)
        latencies[at]!.push(performance.now() - started)
        const sc = score(s.truth, result)
        scores[at]![s.kind].push(sc)
        if (verbose && !(sc.total && sc.date && sc.merchant && sc.itemsMatched === sc.itemsTrue)) {
          console.log(
            `${engine} ${s.truth.id} ${s.kind}`,
            JSON.stringify({ ...sc, read: { ...result, rawText: undefined } }),
          )
        }
      } catch (error) {
        failures[at]! += 1
        latencies[at]!.push(Number.NaN)
        scores[at]![s.kind].push(
          score(s.truth, { merchant: null, date: null, total: null, currency: null, items: [] }),
        )
        console.error(`${engine} ${s.truth.id} ${s.kind}: ${(error as Error).message}`)
      }
    }
  }
  const results: EngineResult[] = []
  for (const [at, { engine, read, parallel }] of readers.entries()) {
    const queue = [...samples]
    const started = performance.now()
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let s = queue.shift(); s; s = queue.shift()) await read(s).catch(() => undefined)
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const ok = latencies[at]!.filter((ms) => !Number.isNaN(ms))
    results.push({
      engine,
      byKind: { scan: summarise(scores[at]!.scan), photo: summarise(scores[at]!.photo) },
      latencyMs: { p50: percentile(ok, 50), p95: percentile(ok, 95) },
      perImageMs: latencies[at]!.map(Math.round),
      imagesPerSecond: Math.round((samples.length / seconds) * 100) / 100,
      failures: failures[at]!,
    })
  }
  return results
}

async function main(): Promise<void> {
  const samples = await loadSamples()
  // Niceness 0 like the CLI's processes: on a shared machine the service's default (10, so that
  // the API wins the CPU) would measure the other tenants' load, not the engine.
  const settings = defaultOcrSettings({
    queueLimit: 64,
    timeoutMs: 60_000,
    engine,
    nice: 0,
    ...(threads ? { readThreads: Number(threads) } : {}),
  })
  const started = { at: new Date().toISOString(), load: loadavg()[0]!.toFixed(1) }
  console.log(
    `${samples.length} images (${split}), ${settings.workers} workers (${settings.readThreads} recognisers each) on ${availableParallelism()} CPUs; ${started.at}, load ${started.load}`,
  )
  const ocr = new TesseractOcr(settings, model ? { model } : {})
  await ocr.warm()
  const name = ocr.engine === 'native' ? 'libtesseract' : 'tesseract.js'
  const readers: Reader[] = [
    {
      engine: model ? `${name} (ours, ${model})` : `${name} (ours)`,
      read: (s) => ocr.read(s.bytes),
      parallel: settings.workers * 2,
    },
  ]
  if (!args.includes('--no-cli')) {
    const cli = await run('tesseract', ['--version']).catch(() => null)
    if (!cli) console.warn('tesseract CLI not found (apt-get install tesseract-ocr): skipped')
    else {
      const version = cli.stdout.split('\n')[0]
      for (const limited of [true, false]) {
        const env = { ...process.env }
        if (limited) env.OMP_THREAD_LIMIT = '1'
        else delete env.OMP_THREAD_LIMIT
        const read: Read = async (s) => {
          const { stdout } = await run('tesseract', [s.path, 'stdout', '--psm', '6', '-l', 'eng'], {
            env,
            maxBuffer: 8 * 1024 * 1024,
          })
          return extractReceipt(stdout)
        }
        const engine = `${version} CLI${limited ? ', OMP_THREAD_LIMIT=1' : ', default threads'}`
        readers.push({ engine, read, parallel: settings.workers })
      }
    }
  }
  const results = await measure(readers, samples)
  await ocr.close()
  const ended = { at: new Date().toISOString(), load: loadavg()[0]!.toFixed(1) }
  console.log(`ended ${ended.at}, load ${ended.load}`)

  const rows = results.flatMap((r) =>
    (['scan', 'photo'] as const).map((kind) => {
      const s = r.byKind[kind]!
      return `| ${r.engine} | ${kind} | ${s.images} | ${s.merchant} | ${s.date} | ${s.total} | ${s.currency} | ${s.itemsPrecision} / ${s.itemsRecall} / ${s.itemsF1} | ${r.latencyMs.p50} / ${r.latencyMs.p95} | ${r.imagesPerSecond} |`
    }),
  )
  console.log(
    [
      '| engine | images | n | merchant | date | total | currency | items P / R / F1 | latency p50 / p95 ms | images/s saturated |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n'),
  )
  const [us, ...clis] = results
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100
  const ratios = (cli: EngineResult) => ({
    against: cli.engine,
    perImageMedian: ratio(
      percentile(us!.perImageMs.map((ms, i) => (ms * 1000) / cli.perImageMs[i]!).filter(Number.isFinite), 50),
      1000,
    ),
    p50: ratio(us!.latencyMs.p50, cli.latencyMs.p50),
    p95: ratio(us!.latencyMs.p95, cli.latencyMs.p95),
    imagesPerSecond: ratio(us!.imagesPerSecond, cli.imagesPerSecond),
  })
  const against = clis.map(ratios)
  if (clis.length > 0) {
    const faster = clis.reduce((a, b) => (b.latencyMs.p50 < a.latencyMs.p50 ? b : a))
    against.push({ ...ratios(faster), against: `the faster CLI (${faster.engine})` })
  }
  for (const r of against)
    console.log(
      `ours / ${r.against}: p50 ${r.p50}×, p95 ${r.p95}×, images/s ${r.imagesPerSecond}×, median of per-image ratios ${r.perImageMedian}×`,
    )
  await writeFile(
    join(import.meta.dirname, 'results', `ocr-${split}.json`),
    `${JSON.stringify({ split, started, ended, workers: settings.workers, readThreads: settings.readThreads, results, ratios: against }, null, 2)}\n`,
  )
}

await main()
