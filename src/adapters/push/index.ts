import { join } from 'node:path'
import type { Logger } from 'pino'
import type { Config } from '../../config/index.js'
import { ConfigError } from '../../config/parse.js'
import type { ApnsSettings, FcmSettings } from '../../config/push.js'
import type { PushPlatform } from '../../db/schema/index.js'
import { AdapterError } from '../adapter-error.js'
import { createApnsPush } from './apns-push.js'
import { createFcmPush } from './fcm-push.js'
import type { PushPort } from './port.js'
import { createRecorderPush } from './recorder-push.js'

export type { PushMessage, PushPort, PushSendResult } from './port.js'
export { PushRetryLaterError, PushTokenGoneError } from './port.js'
export { deviceRef } from './push-message.js'

/** Settings that only work together: all of them, or none. */
function allOrNone(names: Record<string, string | null>): boolean {
  const set = Object.entries(names).filter(([, value]) => value)
  if (set.length > 0 && set.length < Object.keys(names).length) {
    const missing = Object.keys(names).filter((name) => !names[name])
    throw new ConfigError(missing[0] as string, `required with ${set.map(([name]) => name).join(', ')}`)
  }
  return set.length > 0
}

/**
 * Chooses per platform: FCM HTTP v1 for `android` when `FCM_PROJECT_ID` and
 * `FCM_CREDENTIALS_FILE` are set, APNs for `ios` when the four `APNS_*` key settings are; a
 * platform without settings uses the embedded recorder under `<DATA_DIR>/push` (docs/push.md).
 */
export function createPush({ config, logger }: { config: Config; logger: Logger }): PushPort {
  const log = logger.child({ component: 'push' })
  const p = config.push
  const fcm = allOrNone({ FCM_PROJECT_ID: p.fcm.projectId, FCM_CREDENTIALS_FILE: p.fcm.credentialsFile })
  const apns = allOrNone({
    APNS_KEY_FILE: p.apns.keyFile,
    APNS_KEY_ID: p.apns.keyId,
    APNS_TEAM_ID: p.apns.teamId,
    APNS_BUNDLE_ID: p.apns.bundleId,
  })
  let recorder: PushPort | null = null
  const recorded = () => {
    recorder ??= createRecorderPush({ dir: join(config.dataDir, 'push'), logger: log })
    return recorder
  }
  const byPlatform: Record<PushPlatform, PushPort> = {
    // allOrNone said that every one of the provider's settings is set.
    android: fcm ? createFcmPush({ ...(p.fcm as FcmSettings), logger: log }) : recorded(),
    ios: apns ? createApnsPush({ ...(p.apns as ApnsSettings), logger: log }) : recorded(),
  }
  if (recorder && config.nodeEnv === 'production') {
    log.warn(
      { android: fcm ? 'FCM' : 'recorded', ios: apns ? 'APNs' : 'recorded' },
      'push provider settings missing: notifications for some platforms are only recorded',
    )
  }
  return platformPush(byPlatform)
}

/** One port over one per platform: a message goes to its platform's provider. */
function platformPush(byPlatform: Record<PushPlatform, PushPort>): PushPort {
  const distinct = [...new Set(Object.values(byPlatform))]
  return {
    async send(message) {
      const port = Object.hasOwn(byPlatform, message.platform) ? byPlatform[message.platform] : null
      if (!port)
        throw new AdapterError(`push message refused: unknown platform ${String(message.platform)}`, false)
      return port.send(message)
    },
    async health() {
      const answers = await Promise.all(distinct.map((port) => port.health()))
      const failed = answers.flatMap((a) => (a.ok ? [] : [a.reason]))
      return failed.length === 0 ? { ok: true } : { ok: false, reason: failed.join('; ') }
    },
    async close() {
      await Promise.all(distinct.map((port) => port.close().catch(() => undefined)))
    },
  }
}
