import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** The suffix of a temporary file `writeAtomic` writes before its rename (left behind by a crash). */
export const TEMP_SUFFIX = '.tmp'

/**
 * Writes `file` (bytes, or chunks as a stream yields them) so that it is either absent or complete, even after a crash or a
 * power cut: unique temporary file (`.<name>.<random>.tmp` beside it), fsync, rename over,
 * fsync of the directory (and of its parent when the directory was just made).
 */
export async function writeAtomic(
  file: string,
  bytes: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
): Promise<void> {
  const dir = dirname(file)
  const created = await mkdir(dir, { recursive: true })
  const tmp = join(dir, `.${basename(file)}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`)
  try {
    const handle = await open(tmp, 'wx', 0o644)
    try {
      // Each writeFile writes the whole chunk from the handle's position: the chunks follow each other.
      for await (const chunk of bytes instanceof Uint8Array ? [bytes] : bytes) await handle.writeFile(chunk)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(tmp, file)
  } catch (err) {
    await rm(tmp, { force: true })
    throw err
  }
  await syncDir(dir)
  // mkdir -p may have made several levels: each new directory's entry must reach the disk.
  for (let d = dir; created !== undefined; d = dirname(d)) {
    await syncDir(dirname(d))
    if (d === created || dirname(d) === d) break
  }
}

/** fsyncs a directory, so that a rename or a new entry in it survives a power cut. */
export async function syncDir(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch (err) {
    // Some platforms cannot fsync a directory; the rename is still atomic there.
    const code = (err as NodeJS.ErrnoException).code
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw err
  } finally {
    await handle?.close()
  }
}
