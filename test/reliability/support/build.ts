/**
 * The reliability tests run the built service (`dist/`, `build/contracts/`), as `npm start`
 * does. CI has built it already (`.ci/run` starts `npm start` before the tests); locally
 * `npm run build` runs here when the build is missing or older than a source file.
 */
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The project root: two folders above test/reliability/support. */
export const projectRoot = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '')

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

/** Why the build is stale, or null when it is current. */
export function staleBuild(root = projectRoot): string | null {
  const stamp = join(root, 'dist', '.tsbuildinfo')
  for (const output of [
    join(root, 'dist', 'src', 'main.js'),
    stamp,
    join(root, 'build', 'contracts', 'WarrantyCertificate.json'),
  ]) {
    if (!existsSync(output)) return `${output} is missing`
  }
  const built = statSync(stamp).mtimeMs
  const inputs = ['src', 'scripts', 'contracts', 'tsconfig.json', 'tsconfig.build.json', 'package.json']
  const changed = inputs.find((input) => newestMtime(join(root, input)) > built)
  return changed ? `${changed} changed after the last build` : null
}

/**
 * Runs `npm run build` when the build is missing or stale; throws with its output when it fails.
 * Asynchronous: a build blocking the test worker for over a minute made vitest's RPC to it time
 * out ("Timeout calling onTaskUpdate", an unhandled error that fails the run).
 */
export async function ensureBuilt(root = projectRoot): Promise<void> {
  const reason = staleBuild(root)
  if (!reason) return
  await new Promise<void>((resolve, reject) => {
    execFile(
      'npm',
      ['run', 'build', '--silent'],
      { cwd: root, encoding: 'utf8', timeout: 5 * 60_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) =>
        err
          ? reject(new Error(`npm run build failed (needed because ${reason}):\n${stdout}${stderr}`))
          : resolve(),
    )
  })
}
