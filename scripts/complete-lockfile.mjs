// Completes package-lock.json for `npm ci` on this registry.
//
// Some packages ship their native binaries as per-platform optional dependencies
// (@biomejs/cli-*, @rollup/rollup-*, @foundry-rs/anvil-*). The npm registry these machines
// reach lacks several of the other platforms' packages, so `npm install` leaves them out of
// the lockfile, and `npm ci` then refuses the lockfile as out of sync ("Missing: … from lock
// file"). This script adds an entry for each missing one, marked optional and restricted to
// its platform (os/cpu/libc from its name), so `npm ci` skips it here without fetching it.
//
// Run it after any `npm install` that changes the lockfile: `node scripts/complete-lockfile.mjs`.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

const LOCK = 'package-lock.json'
const lock = JSON.parse(readFileSync(LOCK, 'utf8'))
const packages = lock.packages

const OS = [
  'android',
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'openbsd',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
]
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  amd64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
}

function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const os = parts.find((p) => OS.includes(p))
  const cpu = parts.map((p) => CPU[p]).find(Boolean)
  const libc =
    parts.includes('musl') || parts.includes('musleabihf')
      ? 'musl'
      : parts.includes('gnu') || parts.includes('gnueabihf')
        ? 'glibc'
        : null
  return { os, cpu, libc }
}

let added = 0
for (const [path, entry] of Object.entries(packages)) {
  const optional = entry.optionalDependencies ?? {}
  for (const [name, range] of Object.entries(optional)) {
    // npm resolves a dependency next to its parent first, then at the top level.
    const nested = `${path}/node_modules/${name}`
    if (packages[nested] || packages[`node_modules/${name}`]) continue
    const { os, cpu, libc } = platformOf(name)
    if (!os || !cpu) {
      console.error(`skipping ${name}: cannot tell its platform from its name`)
      continue
    }
    const version = range.replace(/^[\^~=]/, '')
    packages[`node_modules/${name}`] = {
      version,
      resolved: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${version}.tgz`,
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
    }
    added++
  }
}
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`added ${added} platform-specific optional entries to ${LOCK}`)
if (process.argv.includes('--check'))
  execFileSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund'], { stdio: 'inherit' })
