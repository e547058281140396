import { chmod, lstat, opendir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'

/** Everything the service creates is private to its user: files 0600, folders 0700. */
export const PRIVATE_UMASK = 0o077
const DIR_MODE = 0o700
const FILE_MODE = 0o600
/** Written once a whole walk has tightened the folder: later starts check only its top. */
const MARKER = '.private-v1'

/**
 * Makes DATA_DIR private to the service's user (docs/security.md#files-under-data_dir): every
 * folder 0700 and every file 0600. The whole tree is walked once (a folder written by an older
 * version, or copied in); then a marker file records it, and later starts, whose own files the
 * umask already makes private, tighten only DATA_DIR and its direct entries. Symbolic links are
 * left alone (never followed). Returns how many entries were changed.
 */
export async function makeDataDirPrivate(dataDir: string, logger: Logger): Promise<number> {
  const marker = join(dataDir, MARKER)
  const walked = await lstat(marker).then(
    () => true,
    () => false,
  )
  const changed = await tighten(dataDir, walked ? 1 : Number.POSITIVE_INFINITY)
  if (!walked)
    await writeFile(marker, 'every entry of this folder was made private once\n', { mode: FILE_MODE })
  if (changed > 0) logger.info({ dataDir, changed }, 'DATA_DIR made private to the service user (0700/0600)')
  return changed
}

async function tighten(path: string, depth: number): Promise<number> {
  const stat = await lstat(path).catch(() => null)
  if (!stat || stat.isSymbolicLink()) return 0
  const wanted = stat.isDirectory() ? DIR_MODE : FILE_MODE
  let changed = 0
  if ((stat.mode & 0o777) !== wanted && (stat.isDirectory() || stat.isFile())) {
    await chmod(path, wanted).catch(() => undefined) // a file removed meanwhile
    changed++
  }
  if (!stat.isDirectory() || depth <= 0) return changed
  const dir = await opendir(path).catch(() => null)
  if (!dir) return changed
  for await (const entry of dir) changed += await tighten(join(path, entry.name), depth - 1)
  return changed
}
