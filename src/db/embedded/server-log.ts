import type { Logger } from 'pino'

const KEEP = 20
/** FATAL lines that are the server's normal life: connections tried while it starts or stops. */
const ROUTINE =
  /the database system is (starting up|shutting down)|terminating connection due to administrator command/

/**
 * The server's own log lines into the service's log: warnings and fatal errors as warnings,
 * the rest at debug. Statements' errors (which may quote customers' data) are dropped: the
 * service reports those itself. The last lines are kept for a failed start's message.
 */
export class ServerLog {
  private pending = ''
  private readonly last: string[] = []

  constructor(private readonly log: Logger) {}

  write(chunk: Buffer): void {
    const lines = (this.pending + chunk.toString()).split('\n')
    this.pending = (lines.pop() ?? '').slice(-4000)
    for (const line of lines) this.line(line.trim())
  }

  recent(): string {
    return this.last.join(' | ') || '(no output)'
  }

  private line(line: string): void {
    if (!line) return
    const level = /^([A-Z]+):/.exec(line)?.[1] ?? 'LOG'
    if (level === 'ERROR' || level === 'DETAIL' || level === 'STATEMENT' || level === 'CONTEXT') return
    this.last.push(line.slice(0, 300))
    if (this.last.length > KEEP) this.last.shift()
    const notable = level === 'WARNING' || level === 'FATAL' || level === 'PANIC'
    if (notable && !ROUTINE.test(line)) this.log.warn({ server: line }, 'database server')
    else this.log.debug({ server: line }, 'database server')
  }
}
