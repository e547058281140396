import { existsSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * One service process per data folder: the embedded database and chain are its children. A
 * folder held by a live process that is stopping (an immediate restart after Ctrl-C)
 * is waited for up to `waitMs`; one still held after that is refused. A folder left by a
 * process that died is taken over.
 */
export async function lockDataDir(dataDir: string, waitMs = 15_000): Promise<() => Promise<void>> {
  const path = join(dataDir, 'service.pid')
  await mkdir(dataDir, { recursive: true })
  const deadline = Date.now() + waitMs
  for (;;) {
    const owner = existsSync(path) ? Number.parseInt(await readFile(path, 'utf8'), 10) : Number.NaN
    if (!Number.isInteger(owner) || owner === process.pid || !isAlive(owner)) break
    if (Date.now() > deadline) {
      throw new Error(`process ${owner} is running on ${dataDir}: stop it or use another DATA_DIR`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await writeFile(path, `${process.pid}\n`)
  return async () => {
    const owner = await readFile(path, 'utf8').catch(() => '')
    if (Number.parseInt(owner, 10) === process.pid) await rm(path, { force: true })
  }
}
