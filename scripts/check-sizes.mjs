#!/usr/bin/env node
// Files in src/ stay under 300 lines, or docs/architecture.md says why one stays whole (a line
// "- `src/…`: reason" in its "Files that stay whole" section). A file over the mark without a
// reason is a warning, not a failure: it asks for the reason (or a split where the file has a
// seam), so that no file is cut at an arbitrary line to pass a check. Function length is Biome's
// noExcessiveLinesPerFunction (80 lines, biome.json), which does fail.
// Usage: node scripts/check-sizes.mjs [root]
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const MAX_LINES = 300
const root = process.argv[2] ?? process.cwd()

function* tsFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* tsFiles(path)
    else if (name.endsWith('.ts')) yield path
  }
}

function allowedWhole() {
  let doc = ''
  try {
    doc = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8')
  } catch {
    return new Set()
  }
  const section = doc.split(/^## /m).find((s) => s.startsWith('Files that stay whole')) ?? ''
  return new Set([...section.matchAll(/^- `(src\/[^`]+)`:\s*\S/gm)].map((m) => m[1]))
}

const allowed = allowedWhole()
const unexplained = []
for (const file of tsFiles(join(root, 'src'))) {
  const lines = readFileSync(file, 'utf8').split('\n').length
  const name = relative(root, file)
  if (lines > MAX_LINES && !allowed.has(name)) unexplained.push(`${name}: ${lines} lines`)
}
if (unexplained.length > 0) {
  console.warn(
    `check-sizes: warning: files over ${MAX_LINES} lines without a reason in docs/architecture.md ("Files that stay whole"):\n  ${unexplained.join('\n  ')}\n` +
      'Say there why each stays whole ("- `src/…`: reason"), or split it where it has a seam (not at an arbitrary line).',
  )
} else {
  console.log(`check-sizes: every file in src/ is within ${MAX_LINES} lines or explained`)
}
