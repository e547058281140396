/**
 * Readable log lines for a developer's terminal (LOG_FORMAT, docs/observability.md#logs): pino's
 * JSON lines turned into one line each, a request as one line when it completes (`200 GET /path
 * 12 ms`), links printed bare so that a terminal makes them clickable. Production and pipes keep
 * the JSON lines.
 */

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '36' },
  30: { name: 'INFO ', color: '32' },
  40: { name: 'WARN ', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '35' },
}

/** Fields every line has, or that the line's own layout already shows. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'service',
  'msg',
  'reqId',
  'component',
  'req',
  'res',
])
/** Requests whose completion has not been seen, at most (their method and path wait for it). */
const MAX_OPEN_REQUESTS = 10_000

export interface PrettyLogOptions {
  /** ANSI colours (a terminal). */
  colors: boolean
}

export class PrettyLogFormatter {
  /** reqId → `GET /path`, from "incoming request" until "request completed". */
  private readonly open = new Map<string, string>()

  constructor(private readonly options: PrettyLogOptions) {}

  /** One JSON line of pino → the text to print (with its newline), or '' to print nothing. */
  format(line: string): string {
    let entry: Record<string, unknown>
    try {
      entry = JSON.parse(line) as Record<string, unknown>
    } catch {
      return line.endsWith('\n') ? line : `${line}\n`
    }
    const reqId = typeof entry.reqId === 'string' ? entry.reqId : null
    const req = entry.req as { method?: string; url?: string } | undefined
    if (entry.msg === 'incoming request' && reqId && req) {
      if (this.open.size >= MAX_OPEN_REQUESTS) this.open.delete(this.open.keys().next().value as string)
      this.open.set(reqId, `${req.method ?? '?'} ${req.url ?? '?'}`)
      return ''
    }
    const res = entry.res as { statusCode?: number } | undefined
    if (entry.msg === 'request completed' && reqId) {
      const request = this.open.get(reqId) ?? 'request'
      this.open.delete(reqId)
      const status = res?.statusCode ?? 0
      const ms = typeof entry.responseTime === 'number' ? `${entry.responseTime.toFixed(1)} ms` : ''
      const statusText = this.paint(status >= 500 ? '31' : status >= 400 ? '33' : '32', String(status))
      return `${this.prefix(entry)}${statusText} ${request} ${this.paint('90', ms)}${this.rest(entry, ['responseTime'])}\n`
    }
    const where = req?.method ? ` (${req.method} ${req.url ?? ''})` : ''
    return `${this.prefix(entry)}${String(entry.msg ?? '')}${where}${this.rest(entry)}\n`
  }

  private prefix(entry: Record<string, unknown>): string {
    const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : ''
    const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level), color: '0' }
    const component =
      typeof entry.component === 'string' ? `${this.paint('90', `[${entry.component}]`)} ` : ''
    return `${this.paint('90', time)} ${this.paint(level.color, level.name)} ${component}`
  }

  /** The other fields: `key=value`, links each on a line of their own, an error's stack below. */
  private rest(entry: Record<string, unknown>, skip: string[] = []): string {
    const parts: string[] = []
    const below: string[] = []
    for (const [key, value] of Object.entries(entry)) {
      if (SHOWN.has(key) || skip.includes(key) || value === undefined) continue
      if (key === 'err' && value && typeof value === 'object') {
        const err = value as { message?: string; stack?: string }
        parts.push(`err=${JSON.stringify(err.message ?? '')}`)
        if (err.stack)
          below.push(
            ...err.stack
              .split('\n')
              .slice(1)
              .map((l) => `    ${l.trim()}`),
          )
      } else if (
        Array.isArray(value) &&
        value.every((v) => typeof v === 'string' && /^https?:\/\//.test(v))
      ) {
        below.push(...value.map((link) => `    ${key}: ${link}`))
      } else {
        parts.push(
          `${key}=${typeof value === 'string' && /^[\w./:@?=&%#+~-]+$/.test(value) ? value : JSON.stringify(value)}`,
        )
      }
    }
    const inline = parts.length ? ` ${this.paint('90', parts.join(' '))}` : ''
    return below.length ? `${inline}\n${below.join('\n')}` : inline
  }

  private paint(code: string, text: string): string {
    return this.options.colors && text ? `\u001b[${code}m${text}\u001b[0m` : text
  }
}

/** A pino destination that prints each line through the formatter to `out` (process.stdout). */
export function prettyDestination(
  out: { write(text: string): unknown },
  options: PrettyLogOptions,
): { write(line: string): void } {
  const formatter = new PrettyLogFormatter(options)
  return {
    write(line) {
      const text = formatter.format(line)
      if (text) out.write(text)
    },
  }
}
