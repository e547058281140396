import type { ChildProcess } from 'node:child_process'
import type { Logger } from 'pino'
import { AdapterError } from '../adapter-error.js'

const LISTENING = /Listening on ([\d.]+):(\d+)/
const TAIL_LINES = 40
/** anvil prints its dev accounts' private keys: never keep them in logs. */
const PRIVATE_KEY = /0x[0-9a-fA-F]{64}/g

/**
 * The output of an anvil child: read continuously (a full pipe would block anvil), logged at
 * trace level, the last lines kept for error messages, private keys redacted everywhere.
 */
export class AnvilOutput {
  private readonly lines: string[] = []

  constructor(private readonly log: Logger) {}

  /** The last lines, for an error message. */
  get tail(): string {
    return this.lines.join('\n')
  }

  /** Follows the child's output and resolves with the port once it listens. */
  waitForListening(child: ChildProcess, timeoutMs: number): Promise<number> {
    this.lines.length = 0
    return new Promise((resolve, reject) => {
      let settled = false
      const settle = (fn: () => void) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        fn()
      }
      const fail = (message: string, retryable: boolean, cause?: unknown) =>
        settle(() => reject(new AdapterError(message, retryable, { cause })))
      const timer = setTimeout(
        () => fail(`anvil did not start in ${timeoutMs} ms:\n${this.tail}`, true),
        timeoutMs,
      )
      this.follow(child.stdout, (line) => {
        const match = LISTENING.exec(line)
        if (match) settle(() => resolve(Number(match[2])))
      })
      this.follow(child.stderr, () => {})
      child.once('error', (err) => fail(`anvil failed to start: ${err.message}`, false, err))
      // The port may still be taken by an older process: another try can help.
      child.once('exit', (code, signal) =>
        fail(`anvil exited during start (code ${code}, signal ${signal}):\n${this.tail}`, true),
      )
    })
  }

  private follow(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
    if (!stream) return
    let buffered = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      buffered += chunk
      for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
        const line = buffered.slice(0, newline).trimEnd().replace(PRIVATE_KEY, '0x[redacted]')
        buffered = buffered.slice(newline + 1)
        if (line === '') continue
        this.lines.push(line)
        if (this.lines.length > TAIL_LINES) this.lines.shift()
        this.log.trace({ line }, 'anvil output')
        onLine(line)
      }
    })
  }
}
