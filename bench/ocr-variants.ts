/**
 * Compares engine variants (model, target line height, page segmentation) on the dev split,
 * one image at a time, one worker: preprocessing and recognition times and accuracy. For
 * iterating; the held-out split is scored only by `npm run bench:ocr`.
 *
 *   npx tsx bench/ocr-variants.ts [--limit N] [--split dev] model:lineHeight:psm ...
 *   e.g. npx tsx bench/ocr-variants.ts --limit 16 4.0.0_best_int:36:6 4.0.0:28:6
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { extractReceipt } from '../src/adapters/ocr/extract/receipt-extract.js'
import { prepareImage } from '../src/adapters/ocr/preprocess.js'
import { type OcrModel, TesseractPool } from '../src/adapters/ocr/tesseract-pool.js'
import { percentile, type Score, score, summarise, type TruthFile } from './ocr-score.js'

const args = process.argv.slice(2)
const opt = (name: string) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args.splice(at, 2)[1] : undefined
}
const split = opt('split') ?? 'dev'
const limit = Number(opt('limit') ?? Number.POSITIVE_INFINITY)
const variants = args.length > 0 ? args : ['4.0.0_best_int:36:6']
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'receipts', 'images', split)

const files = (await readdir(dir))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .slice(0, limit)
const samples: { truth: TruthFile; kind: 'scan' | 'photo'; bytes: Buffer }[] = []
for (const file of files) {
  const truth = JSON.parse(await readFile(join(dir, file), 'utf8')) as TruthFile
  samples.push({ truth, kind: 'scan', bytes: await readFile(join(dir, `${truth.id}.scan.png`)) })
  samples.push({ truth, kind: 'photo', bytes: await readFile(join(dir, `${truth.id}.photo.jpg`)) })
}

for (const variant of variants) {
  const [model, line, psm] = variant.split(':') as [OcrModel, string, string]
  const pool = new TesseractPool(
    { workers: 1, queueLimit: 4, timeoutMs: 60_000, recycleAfter: 1000 },
    { model, pageSegMode: psm, parameters: JSON.parse(process.env.TESS_PARAMS ?? '{}') },
  )
  await pool.warm()
  const prep: number[] = []
  const rec: number[] = []
  const total: number[] = []
  const prepCpu: number[] = []
  const recCpu: number[] = []
  const scores: Record<string, Score[]> = { scan: [], photo: [] }
  for (const s of samples) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    const prepared = await prepareImage(s.bytes, { maxPixels: 40_000_000, targetLineHeight: Number(line) })
    const t1 = performance.now()
    const c1 = process.cpuUsage()
    const text = await pool.recognize(prepared.image)
    const t2 = performance.now()
    const c2 = process.cpuUsage()
    const cpu = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) => (b.user + b.system - a.user - a.system) / 1000
    prepCpu.push(cpu(c0, c1))
    recCpu.push(cpu(c1, c2))
    prep.push(t1 - t0)
    rec.push(t2 - t1)
    total.push(t2 - t0)
    scores[s.kind]!.push(score(s.truth, extractReceipt(text.lines)))
  }
  await pool.close()
  for (const kind of ['scan', 'photo']) {
    const r = summarise(scores[kind]!)
    console.log(
      `${variant} ${kind}: merchant ${r.merchant} date ${r.date} total ${r.total} items F1 ${r.itemsF1}`,
    )
  }
  const p = (v: number[]) => `${percentile(v, 50)}/${percentile(v, 95)}`
  const sum = (v: number[]) => Math.round(v.reduce((a, b) => a + b, 0) / v.length)
  console.log(`${variant} wall ms p50/p95: prep ${p(prep)} recognise ${p(rec)} total ${p(total)}`)
  console.log(`${variant} CPU ms mean: prep ${sum(prepCpu)} recognise ${sum(recCpu)}`)
}
