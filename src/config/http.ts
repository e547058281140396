import { ConfigError, type Env, int, list } from './parse.js'

/**
 * The origin this service is reached at on this machine, `http://HOST:PORT`: the start-up log
 * prints it, and it is the default of PUBLIC_API_URL (and so of APP_URL), so that e-mailed links,
 * the log and the README name one origin. A wildcard HOST (`0.0.0.0`, `::`) is reached at
 * 127.0.0.1; an IPv6 address is bracketed.
 */
export function localOrigin(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`
}

/**
 * The start-up line: where to open the service's pages on `origin`, each URL between spaces
 * (a terminal makes it a link without taking in a bracket or a comma): the staff console, the
 * customer app, the public certificate check, the API docs and (development) the e-mails sent.
 */
export function listeningMessage(origin: string, devMail: boolean): string {
  const pages: [string, string][] = [
    ['staff console', '/login'],
    ['customer app', '/signin'],
    ['verify a certificate', '/verify'],
    ['API docs', '/docs'],
    ...(devMail ? ([['e-mails sent', '/dev/mail']] as [string, string][]) : []),
  ]
  return `listening on ${origin} · ${pages.map(([what, path]) => `${what} ${origin}${path}`).join(' · ')}`
}

/** CORS_ORIGINS: origins like https://app.example.com (a trailing slash is dropped). */
export function corsOrigins(env: Env): string[] {
  const origins = list(env, 'CORS_ORIGINS')
  for (const origin of origins) {
    try {
      const u = new URL(origin)
      if (u.origin !== origin.replace(/\/$/, '')) throw new Error('not an origin')
    } catch {
      throw new ConfigError('CORS_ORIGINS', `"${origin}" is not an origin like https://app.example.com`)
    }
  }
  return origins.map((o) => o.replace(/\/$/, ''))
}

/** TRUST_PROXY: addresses or CIDRs whose X-Forwarded-For is believed. */
export function trustProxy(env: Env): string[] {
  return list(env, 'TRUST_PROXY').map((entry) => {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry)) {
      throw new ConfigError('TRUST_PROXY', `"${entry}" is not an IP address or CIDR`)
    }
    return entry
  })
}

/**
 * How long a client may take, in seconds: to send its headers, to send the whole request (body
 * included), and to stay silent on an open socket. Node's and Fastify's defaults are 0 (none)
 * for the last two: a client trickling a body would hold its socket and parser state for ever.
 */
export interface HttpTimeouts {
  headersSeconds: number
  requestSeconds: number
  idleSeconds: number
}

export function httpTimeouts(env: Env): HttpTimeouts {
  const headersSeconds = int(env, 'HTTP_HEADERS_TIMEOUT_SECONDS', 20, 1, 600)
  const requestSeconds = int(env, 'HTTP_REQUEST_TIMEOUT_SECONDS', 300, 1, 3600)
  if (requestSeconds < headersSeconds) {
    throw new ConfigError(
      'HTTP_REQUEST_TIMEOUT_SECONDS',
      `must not be shorter than HTTP_HEADERS_TIMEOUT_SECONDS (${headersSeconds})`,
    )
  }
  return { headersSeconds, requestSeconds, idleSeconds: int(env, 'HTTP_IDLE_TIMEOUT_SECONDS', 30, 1, 3600) }
}
