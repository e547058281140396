/**
 * Writes the receipt corpus: truth JSON (committed, under test/fixtures/receipts/truth) and,
 * beside a copy of it, a clean scan and a phone photo of each receipt (generated, git-ignored,
 * under test/fixtures/receipts/images). `--check` only compares the committed truth.
 *
 *   npx tsx scripts/receipts/generate.ts [--check] [--truth-only]
 */
import { execFileSync } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CORPUS, makeReceipt } from './receipt-model.js'
import { renderPhoto, renderScan } from './render.js'

export const FIXTURES = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'receipts')

async function main(): Promise<void> {
  const check = process.argv.includes('--check')
  const truthOnly = process.argv.includes('--truth-only')
  let mismatches = 0
  for (const split of ['dev', 'holdout'] as const) {
    const truthDir = join(FIXTURES, 'truth', split)
    const imageDir = join(FIXTURES, 'images', split)
    await mkdir(truthDir, { recursive: true })
    if (!check && !truthOnly) await mkdir(imageDir, { recursive: true })
    for (let n = 1; n <= CORPUS[split]; n++) {
      const receipt = makeReceipt(split, n)
      const json = `${JSON.stringify(receipt.truth, null, 2)}\n`
      const truthPath = join(truthDir, `${receipt.truth.id}.json`)
      if (check) {
        const committed = await readFile(truthPath, 'utf8').catch(() => 'null')
        if (JSON.stringify(JSON.parse(committed)) !== JSON.stringify(receipt.truth)) {
          mismatches++
          console.error(`differs: ${truthPath}`)
        }
        continue
      }
      await writeFile(truthPath, json)
      if (truthOnly) continue
      const scan = await renderScan(receipt)
      await writeFile(join(imageDir, `${receipt.truth.id}.scan.png`), scan.png)
      await writeFile(
        join(imageDir, `${receipt.truth.id}.photo.jpg`),
        await renderPhoto(scan, n * 104_729 + split.length),
      )
      await writeFile(join(imageDir, `${receipt.truth.id}.json`), json)
      process.stdout.write('.')
    }
  }
  if (check && mismatches > 0) {
    console.error(`${mismatches} truth files differ from the generator`)
    process.exit(1)
  }
  // The committed truth is kept in the formatter's layout, so that lint passes after a run.
  if (!check)
    execFileSync(
      join(FIXTURES, '..', '..', '..', 'node_modules', '.bin', 'biome'),
      ['format', '--write', join(FIXTURES, 'truth')],
      { stdio: 'ignore' },
    )
  console.log(check ? '\ntruth matches the generator' : '\ncorpus written')
}

await main()
