import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { rename, rm, rmdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { folderKind, stopLeftover } from '../../src/db/embedded/server-files.js'

/** Where the earlier release's database is kept once carried over (never deleted by the command). */
export const EARLIER_FOLDER = 'db.earlier-release'
/** A DATA_DIR of its own for the new server while it is filled (its folder is `db.carry-over/db`). */
export const STAGING_FOLDER = 'db.carry-over'
/** Written into the new server's folder once every table was copied and checked. */
export const CARRIED_MARKER = 'warranty-carried-over.json'

export interface Folders {
  db: string
  earlier: string
  staging: string
  /** The new server's folder inside the staging DATA_DIR. */
  stagedDb: string
}

export function foldersOf(dataDir: string): Folders {
  const staging = join(dataDir, STAGING_FOLDER)
  return {
    db: join(dataDir, 'db'),
    earlier: join(dataDir, EARLIER_FOLDER),
    staging,
    stagedDb: join(staging, 'db'),
  }
}

/** What the command does with the folder as it finds it. */
export type Plan =
  /** `clear`: a db.carry-over left by a run that did not finish is removed (never used by the service). */
  | { action: 'nothing'; message: string; clear?: boolean }
  | { action: 'refuse'; message: string }
  /** The copy was done and checked; only the folders' renames are left (a run stopped between them). */
  | { action: 'finish' }
  /** Copy from `source` (DATA_DIR/db, or db.earlier-release when a run stopped after moving it). */
  | { action: 'copy'; source: string; resumed: boolean }

/** The live pid in DATA_DIR/service.pid, other than this process; null when none. */
export function runningService(dataDir: string): number | null {
  let pid: number
  try {
    pid = Number.parseInt(readFileSync(join(dataDir, 'service.pid'), 'utf8'), 10)
  } catch {
    return null
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null
  }
}

function isEmptyOrMissing(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0
  } catch {
    return true
  }
}

/**
 * DATA_DIR/db stays the earlier release's database until the new one is complete: a run that
 * stops half-way leaves it as it was (the service still refuses to start on it), and the next
 * run starts over. Only a folder this command made (db.carry-over) is ever removed.
 */
export function planCarryOver(dataDir: string): Plan {
  const f = foldersOf(dataDir)
  const dbKind = folderKind(f.db)
  const earlier = folderKind(f.earlier) === 'earlier'
  const staged = folderKind(f.stagedDb) === 'server' && existsSync(join(f.stagedDb, CARRIED_MARKER))
  const kept = earlier
    ? ` The earlier release's files are kept in ${f.earlier}: remove them once the service runs well.`
    : ''
  if (dbKind === 'server') {
    if (staged && earlier) {
      return {
        action: 'refuse',
        message:
          `${f.db} holds a database started after a carry-over stopped before its last step, and ` +
          `${f.stagedDb} the carried-over one: move one of them out of ${dataDir} and run the command again.`,
      }
    }
    const clear = existsSync(f.staging) && !staged
    const message = `${f.db} already holds this release's database: nothing to carry over.${kept}`
    return { action: 'nothing', message, clear }
  }
  if (dbKind === 'earlier') {
    if (existsSync(f.earlier)) {
      return {
        action: 'refuse',
        message:
          `both ${f.db} (an earlier release's database) and ${f.earlier} exist: keep the one to carry ` +
          `over as ${f.db}, move the other out of ${dataDir}, and run the command again.`,
      }
    }
    return { action: 'copy', source: f.db, resumed: existsSync(f.staging) }
  }
  if (!earlier) {
    const where = existsSync(dataDir)
      ? `${f.db} holds`
      : `there is no ${dataDir} (is DATA_DIR set as for the service?), so`
    return { action: 'nothing', message: `${where} no earlier release's database: nothing to carry over.` }
  }
  if (!isEmptyOrMissing(f.db)) {
    return {
      action: 'refuse',
      message: `${f.db} holds files that are no database, beside ${f.earlier}: move them out of ${dataDir} first.`,
    }
  }
  return staged ? { action: 'finish' } : { action: 'copy', source: f.earlier, resumed: true }
}

/** Removes what an earlier run left in db.carry-over (stopping a server it left running there). */
export async function clearStaging(f: Folders, logger: Logger): Promise<void> {
  if (!existsSync(f.staging)) return
  await stopLeftover(f.stagedDb, logger)
  await rm(f.staging, { recursive: true, force: true })
}

/** The last step: the earlier database to db.earlier-release, the new one to DATA_DIR/db. */
export async function swapIn(f: Folders): Promise<void> {
  if (folderKind(f.db) === 'earlier') await rename(f.db, f.earlier)
  else if (existsSync(f.db)) await rmdir(f.db) // empty (planCarryOver checked)
  await rename(f.stagedDb, f.db)
  await rm(f.staging, { recursive: true, force: true })
}
