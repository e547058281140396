import pino, { type Logger } from 'pino'
import type { Config } from './config/index.js'

const TOKEN_QUERY = /([?&](?:token|claimId|code|secret|key)=)[^&#]*/gi
const TOKEN_PATHS = /(\/(?:sender-verify|receipt-share|claim|magic|calendar)\/)[^/?#]+/gi

/** A URL fit for a log line: tokens in the path or query replaced. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_QUERY, '$1[redacted]').replace(TOKEN_PATHS, '$1[redacted]')
}

/**
 * Errors as pino logs them, minus what must not reach a log: a failed query's SQL text and
 * parameters (they can hold token hashes, e-mails, password hashes) are dropped, keeping
 * the driver's own message and code.
 */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err
  if (err.name === 'DrizzleQueryError' || 'query' in err || 'params' in err) {
    const cause = err.cause as { message?: string; code?: string } | undefined
    return {
      type: err.name,
      message: cause?.message ?? 'database query failed',
      code: cause?.code,
    }
  }
  return pino.stdSerializers.err(err)
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
        err: serializeError,
      },
    },
    destination,
  )
}
