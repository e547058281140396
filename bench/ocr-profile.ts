/**
 * Where the CPU of one receipt goes: each preparation step (`prepareImage`'s `profile`: decode,
 * paper, flatten, geometry, rotate+scale), recognition by libtesseract in this process (one
 * thread: run with OMP_THREAD_LIMIT=1), and the `tesseract` CLI's whole run on the raw file
 * (its CPU from /proc/self/stat's children times), one image at a time, dev split. CPU times, so
 * less sensitive to a shared machine's load than wall times. Averages per image and the scores.
 *
 *   OMP_THREAD_LIMIT=1 LIMIT=12 npx tsx bench/ocr-profile.ts    # NOCLI=1: ours only; LINE=24: force a line height
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { extractReceipt } from '../src/adapters/ocr/extract/receipt-extract.js'
import { LibTesseract } from '../src/adapters/ocr/libtesseract.js'
import { modelFolder } from '../src/adapters/ocr/native-pool.js'
import { prepareImage } from '../src/adapters/ocr/preprocess.js'
import { baseParameters } from '../src/adapters/ocr/tesseract-pool.js'
import { type Score, score, summarise, type TruthFile } from './ocr-score.js'

const run = promisify(execFile)
const limit = Number(process.env.LIMIT ?? 12)
const line = process.env.LINE ? Number(process.env.LINE) : undefined
const noCli = process.env.NOCLI === '1'
const dir = join(
  import.meta.dirname,
  '..',
  'test',
  'fixtures',
  'receipts',
  'images',
  process.env.SPLIT ?? 'dev',
)
const files = (await readdir(dir))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .slice(0, limit)
const tess = new LibTesseract(modelFolder('4.0.0_best_int'), baseParameters({}))
const childCpu = () => {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  return (Number(f[13]) + Number(f[14])) * 10
}
const cpu = () => {
  const c = process.cpuUsage()
  return (c.user + c.system) / 1000
}
const prof: Record<string, Record<string, number>> = { scan: {}, photo: {} }
const scores: Record<string, Score[]> = { scan: [], photo: [] }
const cliScores: Record<string, Score[]> = { scan: [], photo: [] }
for (const file of files) {
  const truth = JSON.parse(await readFile(join(dir, file), 'utf8')) as TruthFile
  for (const kind of ['scan', 'photo'] as const) {
    const path = join(dir, `${truth.id}.${kind === 'scan' ? 'scan.png' : 'photo.jpg'}`)
    const bytes = await readFile(path)
    const p = prof[kind]!
    let c0 = cpu()
    let t0 = performance.now()
    const prepared = await prepareImage(bytes, { maxPixels: 40e6, profile: p, targetLineHeight: line })
    p.prepCpu = (p.prepCpu ?? 0) + cpu() - c0
    p.prepWall = (p.prepWall ?? 0) + performance.now() - t0
    p.px = (p.px ?? 0) + (prepared.width * prepared.height) / 1e3
    c0 = cpu()
    t0 = performance.now()
    const r = tess.read(prepared.image)
    p.recCpu = (p.recCpu ?? 0) + cpu() - c0
    scores[kind]!.push(score(truth, extractReceipt(r.lines)))
    if (!noCli) {
      const cc = childCpu()
      t0 = performance.now()
      const { stdout } = await run('tesseract', [path, 'stdout', '--psm', '6', '-l', 'eng'], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      })
      p.cliWall = (p.cliWall ?? 0) + performance.now() - t0
      p.cliCpu = (p.cliCpu ?? 0) + childCpu() - cc
      cliScores[kind]!.push(score(truth, extractReceipt(stdout)))
    }
    p.n = (p.n ?? 0) + 1
  }
}
for (const kind of ['scan', 'photo']) {
  const p = prof[kind]!
  console.log(
    kind,
    Object.fromEntries(
      Object.entries(p)
        .filter(([k]) => k !== 'n')
        .map(([k, v]) => [k, Math.round(v / p.n!)]),
    ),
  )
  console.log(' ours', JSON.stringify(summarise(scores[kind]!)))
  if (!noCli) console.log(' cli ', JSON.stringify(summarise(cliScores[kind]!)))
}
