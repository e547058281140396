import { type Env, int, str, url } from './parse.js'

/** FCM HTTP v1 for Android devices (docs/push.md): `FCM_*`. */
export interface FcmSettings {
  projectId: string
  /** A service-account key file (JSON: `client_email`, `private_key`, optional `token_uri`). */
  credentialsFile: string
  /** FCM's base URL; default https://fcm.googleapis.com (tests: a local server). */
  endpoint?: string | null
}

/** APNs for iOS devices, with a token (.p8) key (docs/push.md): `APNS_*`. */
export interface ApnsSettings {
  keyFile: string
  keyId: string
  teamId: string
  /** The app's bundle id: the `apns-topic`. */
  bundleId: string
  /** Default https://api.push.apple.com; `http:` speaks HTTP/2 without TLS (local tests only). */
  endpoint?: string | null
}

/** A provider's settings as read: each one null when unset (the push adapter wants all or none). */
export type AsRead<T> = { [K in keyof T]-?: Exclude<T[K], undefined> | null }

/** Push providers (docs/push.md) and the reminders' push lease (docs/reminders.md). */
export interface PushConfig {
  fcm: AsRead<FcmSettings>
  apns: AsRead<ApnsSettings>
  /** How long a claimed push reminder stays out of other runs' reach (a dead run's are due again after it). */
  reminderLeaseSeconds: number
}

export function pushConfig(env: Env): PushConfig {
  return {
    fcm: {
      projectId: str(env, 'FCM_PROJECT_ID'),
      credentialsFile: str(env, 'FCM_CREDENTIALS_FILE'),
      endpoint: url(env, 'FCM_ENDPOINT', ['http:', 'https:']),
    },
    apns: {
      keyFile: str(env, 'APNS_KEY_FILE'),
      keyId: str(env, 'APNS_KEY_ID'),
      teamId: str(env, 'APNS_TEAM_ID'),
      bundleId: str(env, 'APNS_BUNDLE_ID'),
      endpoint: url(env, 'APNS_ENDPOINT', ['http:', 'https:']),
    },
    reminderLeaseSeconds: int(env, 'REMINDER_LEASE_SECONDS', 120, 15, 3600),
  }
}
