import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The folder holding package.json, whether running from src/ (tsx) or dist/ (node). */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error('package.json not found above the running code')
    dir = parent
  }
  return dir
}

export const projectRoot = findProjectRoot()
export const migrationsFolder = join(projectRoot, 'drizzle')
