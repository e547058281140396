import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { importSPKI, jwtVerify } from 'jose'

/**
 * A local FCM HTTP v1 server on 127.0.0.1 that speaks the real protocol:
 * - `POST /token`: the OAuth 2.0 JWT bearer grant of a service account (RFC 7523): the
 *   assertion is checked (RS256 with the key in `credentialsFile`, `iss` = its client e-mail,
 *   `aud` = Google's token URL, the firebase.messaging scope); answers an access token (1 hour);
 * - `POST /v1/projects/{projectId}/messages:send`: bearer access token required (else 401
 *   UNAUTHENTICATED), the message checked (400 INVALID_ARGUMENT), answered
 *   `{name: "projects/{projectId}/messages/{id}"}`, or an error in FCM's shape on demand.
 *
 * Point the service at it with `FCM_PROJECT_ID = fake.projectId`,
 * `FCM_CREDENTIALS_FILE = fake.credentialsFile` (its `token_uri` is this server) and
 * `FCM_ENDPOINT = fake.url`. Errors: `answerFor(token, FCM_ANSWERS.unregistered)` for every
 * send to one token, `answerNext(...)` for the next sends whatever the token.
 */
export interface FcmAnswer {
  status: number
  /** FCM's `details[].errorCode` (UNREGISTERED, QUOTA_EXCEEDED, UNAVAILABLE, INTERNAL, …). */
  errorCode?: string
  /** The Google RPC status (NOT_FOUND, RESOURCE_EXHAUSTED, …). */
  rpcStatus?: string
  retryAfter?: string
}

export const FCM_ANSWERS = {
  unregistered: { status: 404, errorCode: 'UNREGISTERED', rpcStatus: 'NOT_FOUND' },
  quotaExceeded: {
    status: 429,
    errorCode: 'QUOTA_EXCEEDED',
    rpcStatus: 'RESOURCE_EXHAUSTED',
    retryAfter: '7',
  },
  unavailable: { status: 503, errorCode: 'UNAVAILABLE', rpcStatus: 'UNAVAILABLE' },
  internal: { status: 500, errorCode: 'INTERNAL', rpcStatus: 'INTERNAL' },
  invalidArgument: { status: 400, errorCode: 'INVALID_ARGUMENT', rpcStatus: 'INVALID_ARGUMENT' },
  senderIdMismatch: { status: 403, errorCode: 'SENDER_ID_MISMATCH', rpcStatus: 'PERMISSION_DENIED' },
} as const satisfies Record<string, FcmAnswer>

export interface FcmSent {
  /** When the fake accepted it (ms since the epoch). */
  at: number
  token: string
  notification: { title?: string; body?: string }
  data?: Record<string, string>
  android?: unknown
  name: string
}

export interface FakeFcm {
  /** The base URL: `FCM_ENDPOINT`. */
  url: string
  projectId: string
  /** A service-account key file whose `token_uri` is this server: `FCM_CREDENTIALS_FILE`. */
  credentialsFile: string
  /** Messages accepted, in order. */
  sent: FcmSent[]
  /** Token exchanges answered with an access token. */
  tokensIssued: number
  /** Every send to `token` answers `answer` (null: back to normal). */
  answerFor(token: string, answer: FcmAnswer | null): void
  /** The next sends (any token) answer these, in order, before the per-token answers. */
  answerNext(...answers: FcmAnswer[]): void
  /** Access tokens issued so far stop working (401): the client must exchange again. */
  revokeAccessTokens(): void
  close(): Promise<void>
}

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'

export async function startFakeFcm(
  options: { projectId?: string; latencyMs?: number } = {},
): Promise<FakeFcm> {
  const projectId = options.projectId ?? 'fake-project'
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const verifyKey = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }) as string, 'RS256')
  const clientEmail = `push@${projectId}.iam.gserviceaccount.com`
  const accessTokens = new Set<string>()
  const perToken = new Map<string, FcmAnswer>()
  const next: FcmAnswer[] = []
  const sent: FcmSent[] = []
  const fake = { tokensIssued: 0 }

  async function token(res: ServerResponse, body: string) {
    const form = new URLSearchParams(body)
    const refuse = (description: string) =>
      json(res, 400, { error: 'invalid_grant', error_description: description })
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' })
    }
    try {
      const { payload } = await jwtVerify(form.get('assertion') ?? '', verifyKey, {
        issuer: clientEmail,
        audience: GOOGLE_TOKEN_URL,
        algorithms: ['RS256'],
      })
      if (
        !String(payload.scope ?? '')
          .split(' ')
          .includes(FCM_SCOPE)
      )
        return refuse('Invalid scope')
    } catch (err) {
      return refuse(`Invalid JWT Signature: ${(err as Error).message}`)
    }
    const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`
    accessTokens.add(accessToken)
    fake.tokensIssued++
    return json(res, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' })
  }

  function send(req: IncomingMessage, res: ServerResponse, body: string, project: string) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!bearer || !accessTokens.has(bearer)) {
      return fcmError(
        res,
        { status: 401, rpcStatus: 'UNAUTHENTICATED' },
        'Request had invalid authentication credentials.',
      )
    }
    if (project !== projectId) {
      return fcmError(res, FCM_ANSWERS.senderIdMismatch, 'Permission denied for this project.')
    }
    let message: Partial<FcmSent> | undefined
    try {
      message = (JSON.parse(body) as { message?: Partial<FcmSent> }).message
    } catch {
      return fcmError(res, FCM_ANSWERS.invalidArgument, 'Invalid JSON payload received.')
    }
    const invalid = invalidMessage(message)
    if (invalid || !message?.token) return fcmError(res, FCM_ANSWERS.invalidArgument, invalid ?? 'token')
    const answer = next.shift() ?? perToken.get(message.token)
    if (answer) return fcmError(res, answer, `Fake answer ${answer.errorCode ?? answer.status}`)
    const name = `projects/${projectId}/messages/0:${Date.now()}%${randomUUID()}`
    sent.push({ ...(message as FcmSent), name, at: Date.now() })
    return json(res, 200, { name })
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const path = new URL(req.url ?? '/', 'http://fake').pathname
      const sendPath = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path)
      const route = async () => {
        if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs))
        if (req.method === 'POST' && path === '/token') return token(res, body)
        if (req.method === 'POST' && sendPath)
          return send(req, res, body, decodeURIComponent(sendPath[1] ?? ''))
        return fcmError(res, { status: 404, rpcStatus: 'NOT_FOUND' }, 'No such method.')
      }
      route().catch((err: Error) => json(res, 500, { error: { code: 500, message: err.message } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const dir = mkdtempSync(join(tmpdir(), 'fake-fcm-'))
  const credentialsFile = join(dir, 'service-account.json')
  writeFileSync(
    credentialsFile,
    JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: clientEmail,
      token_uri: `${url}/token`,
    }),
  )

  return Object.assign(fake, {
    url,
    projectId,
    credentialsFile,
    sent,
    answerFor: (t: string, answer: FcmAnswer | null) => {
      if (answer) perToken.set(t, answer)
      else perToken.delete(t)
    },
    answerNext: (...answers: FcmAnswer[]) => {
      next.push(...answers)
    },
    revokeAccessTokens: () => accessTokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}

function invalidMessage(message: Partial<FcmSent> | undefined): string | null {
  if (!message || typeof message !== 'object') return 'message is required'
  if (typeof message.token !== 'string' || message.token === '') return 'message.token is required'
  const data = message.data ?? {}
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string') return `Invalid value at 'message.data[${key}]': not a string`
  }
  return null
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body))
}

/** FCM's error shape: a Google RPC status with an FcmError detail. */
function fcmError(res: ServerResponse, answer: FcmAnswer, message: string) {
  if (answer.retryAfter) res.setHeader('retry-after', answer.retryAfter)
  json(res, answer.status, {
    error: {
      code: answer.status,
      message,
      status: answer.rpcStatus ?? 'UNKNOWN',
      details: answer.errorCode
        ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: answer.errorCode }]
        : [],
    },
  })
}
