/**
 * The reliability tests run the built service (`dist/`, `build/contracts/`), as `npm start`
 * does. CI has built it already (`.ci/run` starts `npm start` before the tests); here
 * `npm run build` runs before them, which builds only the steps whose inputs changed
 * (scripts/build.mjs: a fraction of a second when nothing did).
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The project root: two folders above test/reliability/support. */
export const projectRoot = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '')

/**
 * Runs `npm run build` (a no-op when the build is current); throws with its output when it fails.
 * Asynchronous: a build blocking the test worker for over a minute made vitest's RPC to it time
 * out ("Timeout calling onTaskUpdate", an unhandled error that fails the run).
 */
export async function ensureBuilt(root = projectRoot): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    execFile(
      'npm',
      ['run', 'build', '--silent'],
      { cwd: root, encoding: 'utf8', timeout: 5 * 60_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) =>
        err ? reject(new Error(`npm run build failed:\n${stdout}${stderr}`)) : resolve(),
    )
  })
}
