/**
 * Dotted print: the preparation's dot handling (`dots.ts`) compared on a families set, one image
 * at a time, one tesseract.js recogniser in this process: per variant and condition the
 * accuracy, the preparation's CPU, and per image what the texture measure said. For developing
 * on sets that are not scored (the development families, another seed, or `--dots`: the
 * development families printed in dots); seed 1 of the held-out families is read only by
 * `npm run bench:ocr`.
 *
 *   npx tsx bench/ocr-dots.ts --seed 7 [--dots] [--family thermal,ussales] [--n 4] [--texture] off auto on:2
 *
 * A variant is `off`, `auto` or `on[:radius]`, with `+white`: a photo's table painted white.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type Family, familyDir, writeFamilies } from '../scripts/receipts/families.js'
import { closeInk, closingGain } from '../src/adapters/ocr/dots.js'
import { extractReceipt } from '../src/adapters/ocr/extract/receipt-extract.js'
import { prepareImage } from '../src/adapters/ocr/preprocess.js'
import { TesseractPool } from '../src/adapters/ocr/tesseract-pool.js'
import { percentile, type Score, score, summarise, type TruthFile } from './ocr-score.js'

const args = process.argv.slice(2)
const opt = (name: string) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args.splice(at, 2)[1] : undefined
}
const flag = (name: string) => {
  const at = args.indexOf(`--${name}`)
  if (at >= 0) args.splice(at, 1)
  return at >= 0
}
const seed = Number(opt('seed') ?? 7)
const n = Number(opt('n') ?? 4)
const families = (opt('family') ?? 'dotmatrix').split(',') as Family[]
const dots = flag('dots')
const texture = flag('texture')
if (seed === 1 && !dots && families.some((f) => f === 'euvat' || f === 'dotmatrix'))
  throw new Error('seed 1 of euvat and dotmatrix is scored only: develop on another seed or --dots')
const variants = args.length > 0 ? args : ['off', 'auto']

const samples: { truth: TruthFile; kind: 'scan' | 'photo'; bytes: Buffer }[] = []
for (const family of families) {
  const dir = join(familyDir(seed, dots), family)
  if (!existsSync(join(dir, 'corpus.json'))) await writeFamilies({ n, seed, families: [family], dots })
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json') && f !== 'corpus.json').sort()
  for (const file of files.slice(0, n)) {
    const truth = JSON.parse(await readFile(join(dir, file), 'utf8')) as TruthFile
    samples.push({ truth, kind: 'scan', bytes: await readFile(join(dir, `${truth.id}.scan.png`)) })
    samples.push({ truth, kind: 'photo', bytes: await readFile(join(dir, `${truth.id}.photo.jpg`)) })
  }
}

const pool = new TesseractPool({ workers: 1, queueLimit: 4, timeoutMs: 60_000, recycleAfter: 1000 })
await pool.warm()
for (const variant of variants) {
  const [spec, extra] = variant.split('+')
  const [mode, radius] = spec!.split(':') as ['off' | 'auto' | 'on', string | undefined]
  const scores: Record<string, Score[]> = { scan: [], photo: [] }
  const prepCpu: number[] = []
  const confidence: Record<string, number[]> = { scan: [], photo: [] }
  let closed = 0
  for (const s of samples) {
    const profile: Record<string, number> = {}
    const prepared = await prepareImage(s.bytes, {
      maxPixels: 40_000_000,
      dots: mode,
      profile,
      ...(radius ? { dotRadius: Number(radius) } : {}),
      ...(extra === 'white' ? { whiten: true } : {}),
    })
    prepCpu.push(profile.dots ?? 0)
    if (prepared.steps.includes('dots')) closed++
    if (texture && variant === variants[0]) {
      const gain = closingGain(prepared.gray, closeInk(prepared.gray, 1))
      console.log(`${s.truth.id} ${s.kind} closing gain ${gain.toFixed(3)} ${prepared.steps.join(' ')}`)
    }
    const read = await pool.recognize(prepared.image)
    confidence[s.kind]!.push(read.confidence)
    scores[s.kind]!.push(score(s.truth, extractReceipt(read.lines)))
  }
  for (const kind of ['scan', 'photo']) {
    const r = summarise(scores[kind]!)
    const conf = confidence[kind]!.reduce((a, b) => a + b, 0) / confidence[kind]!.length
    console.log(
      `${variant} ${kind}: merchant ${r.merchantSimilar} date ${r.date} total ${r.total} items F1 ${r.itemsF1} ocr confidence ${conf.toFixed(3)}`,
    )
  }
  console.log(
    `${variant}: closed ${closed}/${samples.length}, dots CPU ms p50/p95 ${percentile(prepCpu, 50)}/${percentile(prepCpu, 95)}`,
  )
}
await pool.close()
