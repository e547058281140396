import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import http2, { type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose'
import { generate } from 'selfsigned'

/**
 * A local APNs provider API on 127.0.0.1 that speaks the real protocol: HTTP/2 over TLS with
 * a self-signed certificate (`ca` to trust it; `tls: false` for cleartext HTTP/2, for a
 * service that cannot be given the certificate), `POST /3/device/{hex token}` with a
 * token-based provider JWT (ES256, `kid` = keyId, `iss` = teamId, at most an hour old: else
 * 403 InvalidProviderToken / ExpiredProviderToken), `apns-topic` = the bundle id, a JSON
 * payload with `aps` of at most 4 KB; answers 200 with `apns-id`, or APNs' error JSON
 * `{reason}` (410 adds `timestamp`).
 *
 * Point the service at it with `APNS_ENDPOINT = fake.url` and `APNS_KEY_FILE`,
 * `APNS_KEY_ID`, `APNS_TEAM_ID`, `APNS_BUNDLE_ID` from the fake. Errors:
 * `answerFor(token, APNS_ANSWERS.unregistered)` for every send to one token,
 * `answerNext(...)` for the next sends whatever the token.
 */
export interface ApnsAnswer {
  status: number
  reason: string
  retryAfter?: string
}

export const APNS_ANSWERS = {
  unregistered: { status: 410, reason: 'Unregistered' },
  badDeviceToken: { status: 400, reason: 'BadDeviceToken' },
  tooManyRequests: { status: 429, reason: 'TooManyRequests', retryAfter: '5' },
  internalServerError: { status: 500, reason: 'InternalServerError' },
  serviceUnavailable: { status: 503, reason: 'ServiceUnavailable' },
  expiredProviderToken: { status: 403, reason: 'ExpiredProviderToken' },
  payloadTooLarge: { status: 413, reason: 'PayloadTooLarge' },
} as const satisfies Record<string, ApnsAnswer>

export interface ApnsSent {
  /** When the fake accepted it (ms since the epoch). */
  at: number
  token: string
  apnsId: string
  topic: string
  pushType: string | undefined
  priority: string | undefined
  payload: { aps: { alert?: { title?: string; body?: string } }; [key: string]: unknown }
}

export interface FakeApns {
  /** `APNS_ENDPOINT`: https://127.0.0.1:port (http:// with `tls: false`). */
  url: string
  /** The self-signed certificate (PEM) to trust. */
  ca: string
  keyFile: string
  keyId: string
  teamId: string
  bundleId: string
  /** Notifications accepted, in order. */
  sent: ApnsSent[]
  /** Provider JWTs seen (distinct), to check their reuse. */
  providerTokens: Set<string>
  answerFor(token: string, answer: ApnsAnswer | null): void
  answerNext(...answers: ApnsAnswer[]): void
  close(): Promise<void>
}

export async function startFakeApns(options: { tls?: boolean; latencyMs?: number } = {}): Promise<FakeApns> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const verifyKey = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }) as string, 'ES256')
  const dir = mkdtempSync(join(tmpdir(), 'fake-apns-'))
  const keyId = 'FAKEKEY123'
  const teamId = 'FAKETEAM12'
  const bundleId = 'com.example.warranty'
  const keyFile = join(dir, `AuthKey_${keyId}.p8`)
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }))
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  })
  const perToken = new Map<string, ApnsAnswer>()
  const next: ApnsAnswer[] = []
  const sent: ApnsSent[] = []
  const providerTokens = new Set<string>()

  async function providerTokenProblem(headers: IncomingHttpHeaders): Promise<string | null> {
    const jwt = /^bearer (.+)$/i.exec(String(headers.authorization ?? ''))?.[1]
    if (!jwt) return 'MissingProviderToken'
    try {
      if (decodeProtectedHeader(jwt).kid !== keyId) return 'InvalidProviderToken'
      const { payload } = await jwtVerify(jwt, verifyKey, { issuer: teamId, algorithms: ['ES256'] })
      if (typeof payload.iat !== 'number' || payload.iat < Date.now() / 1000 - 3600)
        return 'ExpiredProviderToken'
    } catch {
      return 'InvalidProviderToken'
    }
    providerTokens.add(jwt)
    return null
  }

  async function handle(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, body: string) {
    const apnsId = String(headers['apns-id'] ?? randomUUID()).toUpperCase()
    const answer = (status: number, reason?: string, retryAfter?: string) => {
      stream.respond({
        ':status': status,
        'apns-id': apnsId,
        ...(retryAfter ? { 'retry-after': retryAfter } : {}),
        ...(reason ? { 'content-type': 'application/json' } : {}),
      })
      const timestamp = status === 410 ? { timestamp: Date.now() } : {}
      stream.end(reason ? JSON.stringify({ reason, ...timestamp }) : undefined)
    }
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs))
    const token = /^\/3\/device\/([^/?]*)$/.exec(String(headers[':path']))?.[1]
    if (token === undefined) return answer(404, 'BadPath')
    if (headers[':method'] !== 'POST') return answer(405, 'MethodNotAllowed')
    const tokenProblem = await providerTokenProblem(headers)
    if (tokenProblem) return answer(403, tokenProblem)
    if (!headers['apns-topic']) return answer(400, 'MissingTopic')
    if (headers['apns-topic'] !== bundleId) return answer(400, 'TopicDisallowed')
    if (!/^[0-9a-f]{64}$/i.test(token)) return answer(400, 'BadDeviceToken')
    if (Buffer.byteLength(body) > 4096) return answer(413, 'PayloadTooLarge')
    let payload: ApnsSent['payload']
    try {
      payload = JSON.parse(body) as ApnsSent['payload']
      if (!payload || typeof payload.aps !== 'object') return answer(400, 'BadPayload')
    } catch {
      return answer(400, body === '' ? 'PayloadEmpty' : 'BadPayload')
    }
    const chosen = next.shift() ?? perToken.get(token)
    if (chosen) return answer(chosen.status, chosen.reason, chosen.retryAfter)
    sent.push({
      at: Date.now(),
      token,
      apnsId,
      topic: String(headers['apns-topic']),
      pushType: headers['apns-push-type'] as string | undefined,
      priority: headers['apns-priority'] as string | undefined,
      payload,
    })
    return answer(200)
  }

  const server =
    options.tls === false
      ? http2.createServer()
      : http2.createSecureServer({ key: pems.private, cert: pems.cert })
  const sessions = new Set<http2.ServerHttp2Session>()
  server.on('session', (session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
  })
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      handle(stream, headers, Buffer.concat(chunks).toString('utf8')).catch(() =>
        stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const scheme = options.tls === false ? 'http' : 'https'
  return {
    url: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ca: pems.cert,
    keyFile,
    keyId,
    teamId,
    bundleId,
    sent,
    providerTokens,
    answerFor: (token, answer) => {
      if (answer) perToken.set(token, answer)
      else perToken.delete(token)
    },
    answerNext: (...answers) => {
      next.push(...answers)
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy()
        server.close(() => resolve())
      }),
  }
}
