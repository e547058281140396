import { type Env, int, str, url } from './parse.js'

/** Push providers (docs/push.md) and the reminders' push lease (docs/reminders.md). */
export interface PushConfig {
  fcmProjectId: string | null
  fcmCredentialsFile: string | null
  fcmEndpoint: string | null
  apnsKeyFile: string | null
  apnsKeyId: string | null
  apnsTeamId: string | null
  apnsBundleId: string | null
  apnsEndpoint: string | null
  /** How long a claimed push reminder stays out of other runs' reach (a dead run's are due again after it). */
  reminderLeaseSeconds: number
}

export function pushConfig(env: Env): PushConfig {
  return {
    fcmProjectId: str(env, 'FCM_PROJECT_ID'),
    fcmCredentialsFile: str(env, 'FCM_CREDENTIALS_FILE'),
    fcmEndpoint: url(env, 'FCM_ENDPOINT', ['http:', 'https:']),
    apnsKeyFile: str(env, 'APNS_KEY_FILE'),
    apnsKeyId: str(env, 'APNS_KEY_ID'),
    apnsTeamId: str(env, 'APNS_TEAM_ID'),
    apnsBundleId: str(env, 'APNS_BUNDLE_ID'),
    apnsEndpoint: url(env, 'APNS_ENDPOINT', ['http:', 'https:']),
    reminderLeaseSeconds: int(env, 'REMINDER_LEASE_SECONDS', 120, 15, 3600),
  }
}
