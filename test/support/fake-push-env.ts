import type { FakeApns } from './fake-apns.js'
import type { FakeFcm } from './fake-fcm.js'

/** The settings that point the service's push adapters at the local FCM and APNs servers. */
export function fakePushEnv(fcm: FakeFcm, apns: FakeApns): Record<string, string> {
  return {
    FCM_PROJECT_ID: fcm.projectId,
    FCM_CREDENTIALS_FILE: fcm.credentialsFile,
    FCM_ENDPOINT: fcm.url,
    APNS_ENDPOINT: apns.url,
    APNS_KEY_FILE: apns.keyFile,
    APNS_KEY_ID: apns.keyId,
    APNS_TEAM_ID: apns.teamId,
    APNS_BUNDLE_ID: apns.bundleId,
  }
}
