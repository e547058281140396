import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { assertBinariesReachable, letServerIn } from '../../src/db/embedded/os-user.js'

// The checks read modes and owners only: a user that owns nothing here (nobody) stands for the
// server's OS user, so they run under any user, root included.
const outsider = { uid: 65_534, gid: 65_534, name: 'nobody' }
const root = mkdtempSync(join(tmpdir(), 'wt-os-user-'))
chmodSync(root, 0o755)
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the embedded server run as another OS user (the service started as root)', () => {
  it('refuses, naming the folder, when the PostgreSQL programs sit under a folder it cannot enter', async () => {
    const closed = join(root, 'closed')
    mkdirSync(join(closed, 'bin'), { recursive: true })
    chmodSync(closed, 0o700)
    writeFileSync(join(closed, 'bin', 'postgres'), '')
    await expect(assertBinariesReachable(join(closed, 'bin', 'postgres'), outsider)).rejects.toThrow(
      `which cannot enter ${closed}: give it passage (chmod o+x ${closed})`,
    )
    chmodSync(closed, 0o711)
    await expect(assertBinariesReachable(join(closed, 'bin', 'postgres'), outsider)).resolves.toBeUndefined()
  })

  it('refuses a DATA_DIR under a folder it cannot enter', async () => {
    if (process.getuid?.() !== 0) return // giving DATA_DIR to the server's group needs root
    const closed = join(root, 'private')
    mkdirSync(join(closed, 'data'), { recursive: true })
    chmodSync(closed, 0o700)
    await expect(letServerIn(join(closed, 'data'), outsider)).rejects.toThrow(
      'or choose a DATA_DIR it can reach',
    )
  })
})
