import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { NextToLast } from 'blockstore-fs/sharding'
import { CID } from 'multiformats/cid'
import { type Logger, pino } from 'pino'
import { blockStorePath } from '../../../src/adapters/pinning/embedded-pinning.js'

/** A fresh temporary data folder; `cleanup` removes every one made. */
export function tempDirs(): { make(): Promise<string>; cleanup(): Promise<void> } {
  const made: string[] = []
  return {
    async make() {
      const dir = await mkdtemp(join(tmpdir(), 'pinning-test-'))
      made.push(dir)
      return dir
    },
    async cleanup() {
      await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
    },
  }
}

/** A logger that keeps what it writes, for assertions. */
export function recordingLogger(): { logger: Logger; lines: () => { level: number; msg: string }[] } {
  const written: string[] = []
  const logger = pino({ level: 'debug' }, { write: (line: string) => written.push(line) })
  return { logger, lines: () => written.map((line) => JSON.parse(line) as { level: number; msg: string }) }
}

export const silentLogger: Logger = pino({ level: 'silent' })

/** The file of a block in the documented layout: `<dataDir>/ipfs/blocks/<2 chars>/<key>.data`. */
export function blockFile(dataDir: string, cid: string): string {
  const { dir, file } = new NextToLast().encode(CID.parse(cid))
  return join(blockStorePath(dataDir), dir, file)
}

/** Every file under the block store, relative to it. */
export async function storedFiles(dataDir: string): Promise<string[]> {
  const root = blockStorePath(dataDir)
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1))
}

export function json(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value))
}

/** Resolves once `condition` holds, checking every few ms; fails after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
