/**
 * OCR accuracy and speed, our engine (sharp preprocessing + worker pool + extraction in the
 * child) against Debian's `tesseract` CLI at one thread on the same images in the same run, its
 * text read by the same extractor.
 *
 *   npm run bench:ocr [-- --corpus families|project] [--n N] [--seed S] [--family a,b] [--dots]
 *                        [--split dev|holdout|all] [--limit N] [--no-cli] [--cli-default-threads]
 *                        [--saturate] [--verbose] [--model M] [--engine auto|native|wasm]
 *                        [--threads 1|2] [--tag T]
 *
 * `--corpus families` (the default): the five independent layout families of
 * scripts/receipts/families.ts (thermal, euvat, ussales, restaurant, dotmatrix), `--n` receipts
 * each (8 by default), generated from `--seed` (1) when missing; every figure is given per
 * family and per condition (scan, photo); `--dots` prints every family's glyphs in dot-matrix dots
 * (development receipts for dotted print; another seed or `--dots` is written beside the seed-1
 * set, never over it). Which families were looked at while developing the
 * extraction and which were only scored is in docs/ocr.md. `--corpus project`: the project's own
 * generator (scripts/receipts/generate.ts), its `--split` (holdout by default).
 *
 * The CLI is run with `OMP_THREAD_LIMIT=1` (one thread, like each of our recognisers); with
 * `--cli-default-threads` also with its default OpenMP threads. `--saturate` adds each reader's
 * images/s with every worker busy. `--verbose` prints every miss (never use it on a family you
 * mean to score as unseen). Results: bench/results/ocr-<corpus>[-<tag>].json, with the machine's
 * load at the start and the end.
 *
 * `--engine`: our recogniser (`wasm`, the default: tesseract.js; `native`: libtesseract in child
 * processes; `auto`: native when it loads). `--model`: `4.0.0_best_int` (the default), `4.0.0`, or a folder with an uncompressed
 * `eng.traineddata` (e.g. Debian's tessdata_fast, /usr/share/tesseract-ocr/5/tessdata).
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { FAMILIES, type Family, familyDir, writeFamilies } from '../scripts/receipts/families.js'
import { extractReceipt } from '../src/adapters/ocr/extract/receipt-extract.js'
import type { ReceiptReading } from '../src/adapters/ocr/port.js'
import { defaultOcrSettings, type OcrEngineChoice } from '../src/adapters/ocr/settings.js'
import { TesseractOcr } from '../src/adapters/ocr/tesseract-ocr.js'
import { percentile, type Score, type Summary, score, summarise, type TruthFile } from './ocr-score.js'

const run = promisify(execFile)
const args = process.argv.slice(2)
const opt = (name: string) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args[at + 1] : undefined
}
const corpus = opt('corpus') ?? 'families'
const split = opt('split') ?? 'holdout'
const limit = Number(opt('limit') ?? Number.POSITIVE_INFINITY)
const perFamily = Number(opt('n') ?? 8)
const seed = Number(opt('seed') ?? 1)
const families = (opt('family')?.split(',') ?? [...FAMILIES]) as Family[]
const verbose = args.includes('--verbose')
const dots = args.includes('--dots')
const model = opt('model')
const engine = (opt('engine') ?? 'wasm') as OcrEngineChoice
const threads = opt('threads')
const tag = opt('tag')
const IMAGES = join(import.meta.dirname, '..', 'test', 'fixtures', 'receipts', 'images')

interface Sample {
  truth: TruthFile
  /** The family (families corpus) or the split (project corpus). */
  group: string
  kind: 'scan' | 'photo'
  path: string
  bytes: Buffer
}

async function readDir(dir: string, group: string, count: number): Promise<Sample[]> {
  const samples: Sample[] = []
  const ids = (await readdir(dir))
    .filter((f) => f.endsWith('.json') && f !== 'corpus.json')
    .sort()
    .slice(0, count)
  for (const file of ids) {
    const truth = JSON.parse(await readFile(join(dir, file), 'utf8')) as TruthFile
    for (const [kind, ext] of [
      ['scan', 'scan.png'],
      ['photo', 'photo.jpg'],
    ] as const) {
      const path = join(dir, `${truth.id}.${ext}`)
      samples.push({ truth, group, kind, path, bytes: await readFile(path) })
    }
  }
  return samples
}

async function loadSamples(): Promise<Sample[]> {
  const samples: Sample[] = []
  if (corpus === 'families') {
    for (const family of families) {
      const dir = join(familyDir(seed, dots), family)
      const made = await readFile(join(dir, 'corpus.json'), 'utf8')
        .then((t) => JSON.parse(t) as { n: number; seed: number })
        .catch(() => null)
      if (!made || made.seed !== seed || made.n < perFamily) {
        console.log(`generating ${family}: ${perFamily} receipts, seed ${seed}${dots ? ', dotted' : ''}`)
        await writeFamilies({ n: perFamily, seed, families: [family], dots })
      }
      samples.push(...(await readDir(dir, family, perFamily)))
    }
    return samples
  }
  for (const s of split === 'all' ? ['dev', 'holdout'] : [split]) {
    const dir = join(IMAGES, s)
    if (!existsSync(dir)) throw new Error(`No corpus in ${dir}: run npx tsx scripts/receipts/generate.ts`)
    samples.push(...(await readDir(dir, s, limit)))
  }
  return samples
}

interface GroupResult {
  group: string
  kind: 'scan' | 'photo'
  summary: Summary
  latencyMs: { p50: number; p95: number }
}

interface EngineResult {
  engine: string
  groups: GroupResult[]
  byKind: Record<string, Summary>
  latencyMs: { p50: number; p95: number }
  /** Each image's latency, in the samples' order (for per-image ratios). */
  perImageMs: number[]
  imagesPerSecond?: number
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
 * rotating), so that a shared machine's load drifting during the run weighs on all alike; then,
 * with `--saturate`, each reader saturated in turn (`parallel` reads in flight).
 */
async function measure(readers: Reader[], samples: Sample[]): Promise<EngineResult[]> {
  const scores = readers.map(() => [] as Score[])
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
        scores[at]!.push(sc)
        if (verbose && !(sc.total && sc.date && sc.merchantSimilar && sc.itemsMatched === sc.itemsTrue)) {
          console.log(
            `${engine} ${s.truth.id} ${s.kind}`,
            JSON.stringify({ ...sc, read: { ...result, rawText: undefined } }),
          )
        }
      } catch (error) {
        failures[at]! += 1
        latencies[at]!.push(Number.NaN)
        scores[at]!.push(
          score(s.truth, { merchant: null, date: null, total: null, currency: null, items: [] }),
        )
        console.error(`${engine} ${s.truth.id} ${s.kind}: ${(error as Error).message}`)
      }
    }
  }
  const groups = [...new Set(samples.map((s) => s.group))]
  const results: EngineResult[] = []
  for (const [at, { engine, read, parallel }] of readers.entries()) {
    let imagesPerSecond: number | undefined
    if (args.includes('--saturate')) {
      const queue = [...samples]
      const started = performance.now()
      await Promise.all(
        Array.from({ length: parallel }, async () => {
          for (let s = queue.shift(); s; s = queue.shift()) await read(s).catch(() => undefined)
        }),
      )
      imagesPerSecond = Math.round((samples.length / ((performance.now() - started) / 1000)) * 100) / 100
    }
    const pick = (f: (s: Sample) => boolean) => {
      const idx = samples.flatMap((s, i) => (f(s) ? [i] : []))
      const ms = idx.map((i) => latencies[at]![i]!).filter((v) => !Number.isNaN(v))
      return {
        summary: summarise(idx.map((i) => scores[at]![i]!)),
        latencyMs: { p50: percentile(ms, 50), p95: percentile(ms, 95) },
      }
    }
    const ok = latencies[at]!.filter((ms) => !Number.isNaN(ms))
    results.push({
      engine,
      groups: groups.flatMap((group) =>
        (['scan', 'photo'] as const).map((kind) => ({
          group,
          kind,
          ...pick((s) => s.group === group && s.kind === kind),
        })),
      ),
      byKind: {
        scan: pick((s) => s.kind === 'scan').summary,
        photo: pick((s) => s.kind === 'photo').summary,
      },
      latencyMs: { p50: percentile(ok, 50), p95: percentile(ok, 95) },
      perImageMs: latencies[at]!.map(Math.round),
      ...(imagesPerSecond === undefined ? {} : { imagesPerSecond }),
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
  const what =
    corpus === 'families'
      ? `families ${families.join(',')} × ${perFamily}, seed ${seed}${dots ? ', dotted' : ''}`
      : split
  console.log(
    `${samples.length} images (${what}), ${settings.workers} workers (${settings.readThreads} recognisers each) on ${availableParallelism()} CPUs; ${started.at}, load ${started.load}`,
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
      for (const limited of args.includes('--cli-default-threads') ? [true, false] : [true]) {
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
    r.groups.map(({ group, kind, summary: s, latencyMs }) => {
      return `| ${r.engine} | ${group} | ${kind} | ${s.images} | ${s.merchantSimilar} (${s.merchant}) | ${s.date} | ${s.total} | ${s.currency} | ${s.itemsPrecision} / ${s.itemsRecall} / ${s.itemsF1} | ${latencyMs.p50} / ${latencyMs.p95} |`
    }),
  )
  console.log(
    [
      '| engine | group | kind | n | merchant similar (exact) | date | total | currency | items P / R / F1 | latency p50 / p95 ms |',
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
    ...(us!.imagesPerSecond && cli.imagesPerSecond
      ? { imagesPerSecond: ratio(us!.imagesPerSecond, cli.imagesPerSecond) }
      : {}),
  })
  const against = clis.map(ratios)
  for (const r of against)
    console.log(
      `ours / ${r.against}: p50 ${r.p50}× (${us!.latencyMs.p50} / ${clis.find((c) => c.engine === r.against)!.latencyMs.p50} ms), p95 ${r.p95}×, median of per-image ratios ${r.perImageMedian}×${r.imagesPerSecond ? `, images/s ${r.imagesPerSecond}×` : ''}`,
    )
  const file =
    corpus === 'families'
      ? `ocr-families${tag ? `-${tag}` : ''}.json`
      : `ocr-${split}${tag ? `-${tag}` : ''}.json`
  await writeFile(
    join(import.meta.dirname, 'results', file),
    `${JSON.stringify({ corpus, ...(corpus === 'families' ? { families, perFamily, seed, ...(dots ? { dots } : {}) } : { split }), started, ended, cpus: availableParallelism(), workers: settings.workers, readThreads: settings.readThreads, results, ratios: against }, null, 2)}\n`,
  )
}

await main()
