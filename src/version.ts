import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from './paths.js'

export const API_VERSION = '1.0.0'

export const packageVersion: string = JSON.parse(
  readFileSync(join(projectRoot, 'package.json'), 'utf8'),
).version

/** The checkout's commit, read from .git without spawning git; null outside a checkout. */
export function readGitRevision(root = projectRoot): string | null {
  try {
    const gitDir = join(root, '.git')
    if (!existsSync(gitDir)) return null
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim()
    if (/^[0-9a-f]{40}$/.test(head)) return head
    const ref = /^ref: (.+)$/.exec(head)?.[1]
    if (!ref) return null
    const loose = join(gitDir, ref)
    if (existsSync(loose)) return readFileSync(loose, 'utf8').trim()
    const packed = join(gitDir, 'packed-refs')
    if (!existsSync(packed)) return null
    const line = readFileSync(packed, 'utf8')
      .split('\n')
      .find((l) => l.endsWith(` ${ref}`))
    return line?.split(' ')[0] ?? null
  } catch {
    return null
  }
}
