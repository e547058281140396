import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { chmod, chown, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'

/** Whom the PostgreSQL server runs as; null: the service's own user (anyone but root). */
export interface ServerUser {
  uid: number
  gid: number
  name: string
}

/** The OS user the embedded server runs as when the service runs as root (PostgreSQL refuses root). */
export const SERVER_OS_USER = 'postgres'

/** `name`'s entry in /etc/passwd (read, not two `id` processes: part of every start as root). */
function fromPasswd(name: string): ServerUser | null {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [user, , uid, gid] = line.split(':')
      if (user === name && /^\d+$/.test(uid ?? '') && /^\d+$/.test(gid ?? ''))
        return { uid: Number(uid), gid: Number(gid), name }
    }
  } catch {
    // No /etc/passwd to read: ask `id` below.
  }
  return null
}

function lookup(name: string): ServerUser | null {
  const listed = fromPasswd(name)
  if (listed) return listed
  // Users from elsewhere (NSS: LDAP, systemd-homed) are known to `id` only.
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim())
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid, name } : null
  } catch {
    return null
  }
}

/**
 * null unless the service runs as root; then the `postgres` system user (created when missing,
 * with no home and no shell), since PostgreSQL will not run as root.
 */
export function serverUser(): ServerUser | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null
  const existing = lookup(SERVER_OS_USER)
  if (existing) return existing
  try {
    execFileSync(
      'useradd',
      ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_OS_USER],
      {
        stdio: 'ignore',
      },
    )
  } catch (err) {
    throw new Error(
      `running as root, the embedded database needs an OS user "${SERVER_OS_USER}" and useradd failed ` +
        `(${(err as Error).message}): create it, or run the service as another user`,
    )
  }
  const created = lookup(SERVER_OS_USER)
  if (!created) throw new Error(`useradd did not create the OS user "${SERVER_OS_USER}"`)
  return created
}

/**
 * As root, the server's user must reach `DATA_DIR/db`: DATA_DIR is given to its group with
 * mode 0710 (enter, not list; nobody else), and every folder above it must let it through.
 */
export async function letServerIn(dataDir: string, user: ServerUser): Promise<void> {
  await chown(dataDir, 0, user.gid)
  await chmod(dataDir, 0o710)
  await assertPassage(dirname(resolve(dataDir)), user, 'or choose a DATA_DIR it can reach')
}

/**
 * As root, the server's user must also reach the PostgreSQL programs it runs (under
 * node_modules): every folder from theirs up must let it through.
 */
export async function assertBinariesReachable(binary: string, user: ServerUser): Promise<void> {
  await assertPassage(dirname(resolve(binary)), user, 'or install the service where it can')
}

/** Throws a clear error unless `user` may pass through `from` and every folder above it. */
async function assertPassage(from: string, user: ServerUser, remedy: string): Promise<void> {
  for (let dir = from; ; dir = dirname(dir)) {
    const s = await stat(dir)
    const passes =
      (s.mode & 0o001) !== 0 ||
      (s.uid === user.uid && (s.mode & 0o100) !== 0) ||
      (s.gid === user.gid && (s.mode & 0o010) !== 0)
    if (!passes) {
      throw new Error(
        `the embedded database runs as the OS user "${user.name}" (the service runs as root), which cannot ` +
          `enter ${dir}: give it passage (chmod o+x ${dir}) ${remedy}`,
      )
    }
    if (dir === dirname(dir)) return
  }
}
