import pino, { type Logger } from 'pino'
import type { Config } from './config.js'

const TOKEN_QUERY = /([?&](?:token|claimId|code|secret|key)=)[^&#]*/gi
const TOKEN_PATHS = /(\/(?:sender-verify|receipt-share|claim|magic)\/)[^/?#]+/gi

/** A URL fit for a log line: tokens in the path or query replaced. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_QUERY, '$1[redacted]').replace(TOKEN_PATHS, '$1[redacted]')
}

interface LoggedRequest {
  id?: string
  method?: string
  url?: string
  ip?: string
}

/** Structured logs; secrets, tokens and passwords never written. */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'warranty' },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-cron-secret"]',
          'password',
          'newPassword',
          'currentPassword',
          'token',
          '*.password',
          '*.passwordHash',
          '*.token',
          'err.config',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: req.url ? redactUrl(req.url) : undefined,
          ip: req.ip,
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  )
}
