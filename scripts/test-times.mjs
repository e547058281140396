// Where `npm test`'s time goes (.ci/run): the slowest test files and the time per folder, from
// vitest's JSON report (`--reporter=json --outputFile.json=F`). A file's time is from its first
// test to its last (module loading and setup before it are not in it). Usage: node scripts/test-times.mjs F [N]
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'

const [file, top = '15'] = process.argv.slice(2)
if (!file) throw new Error('usage: node scripts/test-times.mjs <vitest json report> [how many]')
const report = JSON.parse(readFileSync(file, 'utf8'))
const files = report.testResults.map((r) => ({
  name: relative(process.cwd(), r.name),
  seconds: (r.endTime - r.startTime) / 1000,
}))
const byFolder = new Map()
for (const f of files) {
  const folder = f.name.split('/').slice(0, 2).join('/')
  byFolder.set(folder, (byFolder.get(folder) ?? 0) + f.seconds)
}
const total = files.reduce((sum, f) => sum + f.seconds, 0)
console.log(`${files.length} files, ${total.toFixed(0)} s of tests summed over the forks`)
console.log(`the ${top} slowest files:`)
for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, Number(top)))
  console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.name}`)
console.log('per folder:')
for (const [folder, seconds] of [...byFolder].sort((a, b) => b[1] - a[1]))
  console.log(`  ${seconds.toFixed(0).padStart(6)} s  ${folder}`)
