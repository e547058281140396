import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

let cached: string | null = null

/**
 * The folder holding the project's package.json, found by walking up from this
 * module. Works the same from `src/` under tsx and from `dist/src/` under node,
 * whatever the current directory is.
 */
export function projectRoot(): string {
  if (cached !== null) return cached
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) {
      cached = dir
      return dir
    }
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`)
    dir = parent
  }
}
