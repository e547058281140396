import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The web app's module, typed here by hand: the root tsconfig (Node, no DOM) does not compile it.
interface SessionModule {
  WALLET_CACHE: string
  currentSession(): unknown
  endSession(): void
  startSession(token: string, email: string): void
}
const sessionPath = '../../web/src/lib/session.js'
const { currentSession, endSession, startSession, WALLET_CACHE } = (await import(
  /* @vite-ignore */ sessionPath
)) as SessionModule

// Issue 26, defect 15: the offline wallet copy in Cache Storage must not outlive the session,
// nor be readable by the next user of the browser. Cache Storage and sessionStorage are the
// browser's; here they are small in-memory stand-ins with the same methods the code calls.

class MemoryCache {
  readonly entries = new Map<string, Response>()
  async put(request: Request | string, response: Response) {
    this.entries.set(typeof request === 'string' ? request : request.url, response)
  }
  async match(request: Request | string) {
    return this.entries.get(typeof request === 'string' ? request : request.url)?.clone()
  }
  async addAll() {}
}

class MemoryCacheStorage {
  readonly caches = new Map<string, MemoryCache>()
  async open(name: string) {
    const cache = this.caches.get(name) ?? new MemoryCache()
    this.caches.set(name, cache)
    return cache
  }
  async delete(name: string) {
    return this.caches.delete(name)
  }
  async has(name: string) {
    return this.caches.has(name)
  }
  async keys() {
    return [...this.caches.keys()]
  }
  async match(request: Request | string) {
    for (const cache of this.caches.values()) {
      const hit = await cache.match(request)
      if (hit) return hit
    }
    return undefined
  }
}

class MemoryStorage {
  private readonly map = new Map<string, string>()
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.map.set(key, value)
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
}

const jwt = (sub: string, expSeconds: number) =>
  `h.${Buffer.from(JSON.stringify({ sub, exp: expSeconds })).toString('base64url')}.s`
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

let storage: MemoryCacheStorage

beforeEach(() => {
  storage = new MemoryCacheStorage()
  vi.stubGlobal('caches', storage)
  vi.stubGlobal('sessionStorage', new MemoryStorage())
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** A wallet copy, as the service worker leaves it. */
async function walletCopy() {
  await (await storage.open(WALLET_CACHE)).put(
    'http://app/v1/customer/warranties',
    new Response('{"items":[]}'),
  )
}

describe('the web app session and the offline wallet copy', () => {
  it('sign-out deletes the copy from Cache Storage', async () => {
    startSession(jwt('a', inAnHour()), 'a@example.com')
    await walletCopy()
    endSession()
    await vi.waitFor(async () => expect(await storage.has(WALLET_CACHE)).toBe(false))
  })

  it('a session that expired deletes the copy when it is next read', async () => {
    startSession(jwt('a', Math.floor(Date.now() / 1000) - 5), 'a@example.com')
    await walletCopy()
    expect(currentSession()).toBeNull()
    await vi.waitFor(async () => expect(await storage.has(WALLET_CACHE)).toBe(false))
  })

  it('a new sign-in deletes the copy the previous user left', async () => {
    await walletCopy()
    startSession(jwt('b', inAnHour()), 'b@example.com')
    await vi.waitFor(async () => expect(await storage.has(WALLET_CACHE)).toBe(false))
  })
})

describe('the service worker (public/sw.js) answers the copy offline only to its own session', () => {
  let online = true
  const wallet = [{ id: 'w1' }]
  const handlers = new Map<string, (event: unknown) => void>()

  beforeEach(() => {
    online = true
    handlers.clear()
    const self = {
      location: { origin: 'http://app' },
      addEventListener: (type: string, fn: (event: unknown) => void) => handlers.set(type, fn),
      clients: { claim: async () => undefined },
      skipWaiting: async () => undefined,
    }
    const fetch = async () => {
      if (!online) throw new TypeError('offline')
      return new Response(JSON.stringify({ items: wallet }), {
        headers: { 'content-type': 'application/json' },
      })
    }
    runInNewContext(readFileSync('web/public/sw.js', 'utf8'), {
      self,
      caches: storage,
      fetch,
      Request,
      Response,
      Headers,
      URL,
      TextEncoder,
      crypto: globalThis.crypto,
      atob,
      // The worker's clock is this test's (fake timers move it).
      Date: { now: () => Date.now() },
    })
  })

  async function get(token: string): Promise<Response> {
    let answer: Promise<Response> | undefined
    const request = new Request('http://app/v1/customer/warranties', {
      headers: { authorization: `Bearer ${token}` },
    })
    handlers.get('fetch')?.({ request, respondWith: (p: Promise<Response>) => (answer = p) })
    if (!answer) throw new Error('the worker did not answer')
    return answer
  }

  it('serves the copy offline to the session that fetched it, never to another, never past its expiry', async () => {
    const alice = jwt('alice', inAnHour())
    expect((await get(alice)).status).toBe(200)
    online = false
    const offline = await get(alice)
    expect(offline.headers.get('x-offline-copy')).toBe('1')
    expect(offline.headers.get('x-wallet-owner')).toBeNull()
    expect(await offline.json()).toEqual({ items: wallet })

    // The next user of the browser, offline: no copy, and Alice's copy is gone.
    const bob = await get(jwt('bob', inAnHour()))
    expect(bob.type).toBe('error')
    expect(await storage.has(WALLET_CACHE)).toBe(false)
  })

  it('does not serve a copy once its session has expired', async () => {
    const soon = Math.floor(Date.now() / 1000) + 1
    const token = jwt('carol', soon)
    expect((await get(token)).status).toBe(200)
    online = false
    vi.useFakeTimers({ now: (soon + 5) * 1000, toFake: ['Date'] })
    try {
      expect((await get(token)).type).toBe('error')
    } finally {
      vi.useRealTimers()
    }
  })

  it('deletes the copy on the sign-out message', async () => {
    expect((await get(jwt('dan', inAnHour()))).status).toBe(200)
    expect(await storage.has(WALLET_CACHE)).toBe(true)
    let done: Promise<unknown> | undefined
    handlers.get('message')?.({ data: { type: 'sign-out' }, waitUntil: (p: Promise<unknown>) => (done = p) })
    await done
    expect(await storage.has(WALLET_CACHE)).toBe(false)
  })
})
