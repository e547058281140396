import Fastify, { type FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config/index.js'
import { PrettyLogFormatter, prettyDestination } from '../../src/lib/pretty-log.js'
import { createLogger } from '../../src/logger.js'

/** The service's own logger writing through the terminal formatter into `lines`. */
function capture() {
  const lines: string[] = []
  const logger = createLogger(
    { logLevel: 'info' },
    prettyDestination({ write: (text: string) => lines.push(text) }, { colors: false }),
  )
  return { lines, logger }
}

describe('the terminal log format', () => {
  it('prints a request as one line when it completes: status, method, path, time', async () => {
    const { lines, logger } = capture()
    const app = Fastify({ loggerInstance: logger as FastifyBaseLogger })
    app.get('/hello', async () => ({ hi: true }))
    app.get('/broken', async (_request, reply) => reply.code(503).send({}))
    await app.inject({ method: 'GET', url: '/hello?claimId=secret-claim' })
    await app.inject({ method: 'GET', url: '/broken' })
    await app.close()
    const requests = lines.filter((l) => / GET /.test(l))
    expect(requests).toHaveLength(2)
    expect(requests[0]).toMatch(
      /^\d{2}:\d{2}:\d{2}\.\d{3} INFO {2}200 GET \/hello\?claimId=\[redacted\] \d+\.\d ms\n$/,
    )
    expect(requests[1]).toMatch(/ 503 GET \/broken /)
    expect(lines.join('')).not.toContain('incoming request')
    expect(lines.join('')).not.toContain('{')
  })

  it('prints other lines with their level, component and fields; links bare, each on a line', () => {
    const { lines, logger } = capture()
    const mail = logger.child({ component: 'mail' })
    const links = ['http://127.0.0.1:3000/claim?claimId=abc', 'http://127.0.0.1:3000/verify']
    mail.info({ to: 'a@example.com', links }, 'mail written to outbox')
    logger.warn({ port: 2526 }, 'inbound SMTP: port 2525 is taken')
    logger.info({ rpcUrl: 'http://127.0.0.1:8545/?a=b&c=d', note: 'two words' }, 'chain')
    expect(lines[0]).toMatch(
      /^\d{2}:\d{2}:\d{2}\.\d{3} INFO {2}\[mail\] mail written to outbox to=a@example\.com\n {4}links: http:\/\/127\.0\.0\.1:3000\/claim\?claimId=abc\n {4}links: http:\/\/127\.0\.0\.1:3000\/verify\n$/,
    )
    expect(lines[1]).toMatch(/ WARN {2}inbound SMTP: port 2525 is taken port=2526\n$/)
    // A URL unquoted (a terminal makes it a link), any other value with spaces quoted.
    expect(lines[2]).toMatch(/ chain rpcUrl=http:\/\/127\.0\.0\.1:8545\/\?a=b&c=d note="two words"\n$/)
  })

  it("prints an error's message, and its stack below", () => {
    const { lines, logger } = capture()
    logger.error({ err: new Error('boom') }, 'sweep failed')
    expect(lines[0]).toMatch(/ ERROR sweep failed err="boom"\n {4}at /)
  })

  it('colours only when asked (a terminal), and passes a line that is not JSON through', () => {
    const line = JSON.stringify({ level: 40, time: 0, msg: 'careful' })
    expect(new PrettyLogFormatter({ colors: true }).format(line)).toContain('\u001b[33mWARN')
    expect(new PrettyLogFormatter({ colors: false }).format(line)).not.toContain('\u001b')
    expect(new PrettyLogFormatter({ colors: false }).format('plain text')).toBe('plain text\n')
  })

  it('LOG_FORMAT: auto by default (pretty only in a development terminal), pretty or json when set', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/wt-log-format' }).logFormat).toBe('auto')
    expect(loadConfig({ DATA_DIR: '/tmp/wt-log-format', LOG_FORMAT: 'json' }).logFormat).toBe('json')
    expect(() => loadConfig({ DATA_DIR: '/tmp/wt-log-format', LOG_FORMAT: 'colour' })).toThrow(/LOG_FORMAT/)
  })
})
