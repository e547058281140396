import { randomUUID } from 'node:crypto'
import { type FileHandle, mkdir, open, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { AdapterClosedError, AdapterError } from '../adapter-error.js'
import type { PushMessage, PushPort, PushSendResult } from './port.js'
import { checkMessage, deviceRef } from './push-message.js'

/** One line of `DATA_DIR/push/notifications.jsonl`: what would have been sent. */
export interface RecordedPush {
  id: string
  at: string
  platform: PushMessage['platform']
  /** `deviceRef(token)`: the token itself is not written down. */
  device: string
  title: string
  body: string
  data: Record<string, string>
}

export const RECORD_FILE = 'notifications.jsonl'

/**
 * The embedded default: each notification is logged (info) and appended, fsynced, to
 * `<dir>/notifications.jsonl`, so a developer sees what would have been sent, across restarts.
 * Nothing leaves the machine; a device is named by a short hash of its token.
 */
export function createRecorderPush({ dir, logger }: { dir: string; logger: Logger }): PushPort {
  const file = join(dir, RECORD_FILE)
  let handle: Promise<FileHandle> | null = null
  let chain: Promise<unknown> = Promise.resolve()
  let closed = false

  const opened = () => {
    handle ??= mkdir(dir, { recursive: true, mode: 0o700 }).then(() => open(file, 'a', 0o600))
    handle.catch(() => {
      handle = null
    })
    return handle
  }

  async function append(line: string): Promise<void> {
    const fh = await opened()
    await fh.appendFile(line)
    await fh.datasync()
  }

  return {
    async send(message: PushMessage): Promise<PushSendResult> {
      if (closed) throw new AdapterClosedError('the push recorder')
      checkMessage(message)
      const record: RecordedPush = {
        id: randomUUID(),
        at: new Date().toISOString(),
        platform: message.platform,
        device: deviceRef(message.token),
        title: message.title,
        body: message.body,
        data: message.data ?? {},
      }
      // One write at a time: lines never interleave, and each is on disk before send resolves.
      const written = chain.then(() => append(`${JSON.stringify(record)}\n`))
      chain = written.catch(() => undefined)
      try {
        await written
      } catch (err) {
        throw new AdapterError(`recording the notification failed: ${(err as Error).message}`, true, {
          cause: err,
        })
      }
      logger.info(
        {
          push: {
            id: record.id,
            platform: record.platform,
            device: record.device,
            title: record.title,
            body: record.body,
          },
        },
        'push notification recorded (not sent: no provider configured for this platform)',
      )
      return { providerId: record.id }
    },
    async health() {
      try {
        await opened()
        return { ok: true }
      } catch (err) {
        return { ok: false, reason: `cannot write ${file}: ${(err as Error).message}` }
      }
    },
    async close() {
      if (closed) return
      closed = true
      await chain
      const fh = await handle?.catch(() => null)
      await fh?.close()
    },
  }
}

/** The notifications recorded under `dir`, oldest first (for tests and `npm start` users). */
export async function readRecordedPush(dir: string): Promise<RecordedPush[]> {
  const text = await readFile(join(dir, RECORD_FILE), 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return ''
    throw err
  })
  // A line cut short by a crash mid-write is skipped.
  return text.split('\n').flatMap((line) => {
    try {
      return line.trim() === '' ? [] : [JSON.parse(line) as RecordedPush]
    } catch {
      return []
    }
  })
}
