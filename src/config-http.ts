import { ConfigError, type Env, list } from './config-parse.js'

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
