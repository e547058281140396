import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMerchantWithUsers } from '../support/factories.js'
import { createTestService, type TestService } from '../support/harness.js'

// Issue 26, defect 13: Fastify's and Node's defaults let a client hold a socket for ever (no
// request timeout, no idle timeout). Each deadline is a setting; here they are short so that
// the test sees each one end a slow client's socket.
let svc: TestService
let port: number
let token: string

beforeAll(async () => {
  svc = await createTestService({
    env: {
      HTTP_HEADERS_TIMEOUT_SECONDS: '1',
      HTTP_REQUEST_TIMEOUT_SECONDS: '2',
      HTTP_IDLE_TIMEOUT_SECONDS: '2',
    },
  })
  ;({
    owner: { token },
  } = await createMerchantWithUsers(svc.deps))
  await svc.app.listen({ port: 0, host: '127.0.0.1' })
  port = (svc.app.server.address() as AddressInfo).port
})
afterAll(() => svc?.close())

/** Opens a socket, runs `talk` on it, and resolves with what the server sent and when it closed. */
function slowClient(talk: (socket: Socket) => void): Promise<{ closedAfterMs: number; received: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    let received = ''
    const socket = connect(port, '127.0.0.1', () => talk(socket))
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      received += chunk
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve({ closedAfterMs: Date.now() - started, received }))
    setTimeout(() => {
      socket.destroy()
      reject(new Error('the server kept the slow client for 15 s'))
    }, 15_000).unref()
  })
}

describe('HTTP deadlines', () => {
  it('are read from the settings, with defaults that are not "for ever"', () => {
    expect(svc.config.httpTimeouts).toEqual({ headersSeconds: 1, requestSeconds: 2, idleSeconds: 2 })
    expect(svc.app.server.requestTimeout).toBe(2000)
    expect(svc.app.server.headersTimeout).toBe(1000)
    expect(svc.app.server.timeout).toBe(2000)
  })

  it('a client trickling a body is cut off at the request deadline', async () => {
    const body = JSON.stringify({ serialNumber: 'X'.repeat(50_000) })
    let sent = 0
    let timer: NodeJS.Timeout | undefined
    const result = await slowClient((socket) => {
      socket.write(
        `POST /v1/merchant/warranties/issue HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      )
      // One byte every 200 ms: never silent long enough for the idle deadline.
      timer = setInterval(() => {
        if (socket.destroyed) return clearInterval(timer)
        socket.write(body.slice(sent, sent + 1))
        sent += 1
      }, 200)
    })
    clearInterval(timer)
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(1800)
    expect(result.closedAfterMs).toBeLessThan(8000)
    expect(sent).toBeLessThan(body.length)
  })

  it('a client that never finishes its headers is cut off at the headers deadline', async () => {
    let timer: NodeJS.Timeout | undefined
    const result = await slowClient((socket) => {
      socket.write('GET /health HTTP/1.1\r\nHost: x\r\n')
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write('X-Slow: 1\r\n')
      }, 200)
    })
    clearInterval(timer)
    expect(result.closedAfterMs).toBeLessThan(6000)
    expect(result.received).not.toContain('200 OK')
  })

  it('a silent socket is closed at the idle deadline', async () => {
    const result = await slowClient(() => {})
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(1500)
    expect(result.closedAfterMs).toBeLessThan(8000)
  })
})
