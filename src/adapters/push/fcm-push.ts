import { readFileSync } from 'node:fs'
import { gaxios, JWT } from 'google-auth-library'
import type { Logger } from 'pino'
import type { FcmSettings } from '../../config/push.js'
import { AdapterClosedError, AdapterError } from '../adapter-error.js'
import type { PushMessage, PushPort, PushSendResult } from './port.js'
import { answerError, checkMessage, deviceRef, networkError } from './push-message.js'

export const FCM_DEFAULT_ENDPOINT = 'https://fcm.googleapis.com'
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'

/** The provider's settings (src/config/push.ts), and what the process gives. */
export interface FcmPushOptions extends FcmSettings {
  logger: Logger
  timeoutMs?: number
}

interface ServiceAccount {
  client_email: string
  private_key: string
  private_key_id?: string
  token_uri?: string
}

function readServiceAccount(file: string): ServiceAccount {
  let parsed: Partial<ServiceAccount>
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServiceAccount>
  } catch (err) {
    throw new Error(`FCM_CREDENTIALS_FILE ${file} is not readable JSON: ${(err as Error).message}`)
  }
  if (typeof parsed.client_email !== 'string' || typeof parsed.private_key !== 'string') {
    throw new Error(`FCM_CREDENTIALS_FILE ${file} is not a service-account key (client_email, private_key)`)
  }
  return parsed as ServiceAccount
}

/**
 * The OAuth2 client of the service account: a JWT bearer grant at the key file's `token_uri`
 * (google-auth-library signs for Google's token URL and posts there; a `token_uri` elsewhere,
 * e.g. a local server in tests, is where the request goes instead). No retries inside: the
 * caller's backoff decides.
 */
function oauthClient(account: ServiceAccount, timeoutMs: number): JWT {
  const transporter = new gaxios.Gaxios({ timeout: timeoutMs })
  const tokenUri = account.token_uri ?? GOOGLE_TOKEN_URL
  transporter.interceptors.request.add({
    resolved: async (options) => {
      if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUri)
      options.retryConfig = { ...options.retryConfig, retry: 0, noResponseRetries: 0 }
      return options
    },
  })
  return new JWT({
    email: account.client_email,
    key: account.private_key,
    ...(account.private_key_id ? { keyId: account.private_key_id } : {}),
    scopes: [FCM_SCOPE],
    transporter,
  })
}

function tokenError(err: unknown): AdapterError {
  const status = (err as gaxios.GaxiosError).status ?? (err as gaxios.GaxiosError).response?.status
  const reason = (err as Error).message ?? String(err)
  if (status && status >= 400 && status < 500 && status !== 429) {
    return new AdapterError(`FCM credentials refused by the token endpoint (${status}): ${reason}`, false)
  }
  return networkError('FCM', new Error(`OAuth token exchange failed: ${reason}`))
}

interface FcmErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: { errorCode?: string }[] }
}

async function fcmAnswerError(res: Response): Promise<AdapterError> {
  const body = (await res.json().catch(() => ({}))) as FcmErrorBody
  const errorCode = body.error?.details?.find((d) => typeof d?.errorCode === 'string')?.errorCode
  const reason = `${errorCode ?? body.error?.status ?? res.statusText}: ${body.error?.message ?? ''}`
  return answerError({
    provider: 'FCM',
    status: res.status,
    reason,
    gone: errorCode === 'UNREGISTERED' || res.status === 404,
    retryAfter: res.headers.get('retry-after'),
  })
}

/** FCM HTTP v1 (`messages:send`) for Android devices, authorised by a service account. */
export function createFcmPush(options: FcmPushOptions): PushPort {
  const timeoutMs = options.timeoutMs ?? 10_000
  const account = readServiceAccount(options.credentialsFile)
  const client = oauthClient(account, timeoutMs)
  const base = (options.endpoint ?? FCM_DEFAULT_ENDPOINT).replace(/\/+$/, '')
  const url = `${base}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`
  const closing = new AbortController()
  const log = options.logger

  async function accessToken(): Promise<string> {
    try {
      const { token } = await client.getAccessToken()
      if (!token) throw new Error('no access token in the answer')
      return token
    } catch (err) {
      throw tokenError(err)
    }
  }

  async function post(message: PushMessage, token: string): Promise<Response> {
    const payload = {
      message: {
        token: message.token,
        notification: { title: message.title, body: message.body },
        ...(message.data ? { data: message.data } : {}),
        android: { priority: 'high' },
      },
    }
    try {
      return await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]),
      })
    } catch (err) {
      throw networkError('FCM', err)
    }
  }

  return {
    async send(message: PushMessage): Promise<PushSendResult> {
      if (closing.signal.aborted) throw new AdapterClosedError('FCM push')
      checkMessage(message)
      let res = await post(message, await accessToken())
      if (res.status === 401) {
        // The access token was revoked or expired early: one fresh token, one more try.
        await res.body?.cancel()
        client.credentials = { ...client.credentials, access_token: null, expiry_date: 1 }
        res = await post(message, await accessToken())
      }
      if (!res.ok) {
        const err = await fcmAnswerError(res)
        log.warn({ device: deviceRef(message.token), err: err.message }, 'FCM refused a notification')
        throw err
      }
      const body = (await res.json().catch(() => ({}))) as { name?: unknown }
      return { providerId: typeof body.name === 'string' ? body.name : null }
    },
    async health() {
      try {
        await accessToken()
        return { ok: true }
      } catch (err) {
        return { ok: false, reason: (err as Error).message }
      }
    },
    async close() {
      closing.abort()
    },
  }
}
