/**
 * The few API calls the reliability tests make besides the load: sign-in, a merchant with a
 * user and a product (as an admin would set one up), the merchant's stats and its warranties.
 * Everything through HTTP, as an outside client sees the service.
 */
import http from 'node:http'

export const ADMIN = { email: 'reliability-admin@example.com', password: 'Rq7-vault-Kx92-mZ4t' }
const SELLER = { email: 'seller@reliability.example.com', password: 'seller-password' }

/** The warranty object as the API answers it (the fields the tests read). */
export interface WarrantyView {
  id: string
  warrantyCode: string
  serialNumber: string
  customerEmail: string | null
  mint: {
    status: 'PENDING' | 'MINTING' | 'MINTED' | 'FAILED'
    attempts: number
    tokenId: string | null
    txHash: string | null
    chainId: number | null
    contractAddress: string | null
    metadataCid: string | null
    error: string | null
  }
}

export interface MerchantStats {
  warranties: { total: number }
  mints: { PENDING: number; MINTING: number; MINTED: number; FAILED: number }
}

/**
 * One request on a connection of its own (no keep-alive pool: a pooled connection to a
 * process that was just killed must not delay the next call); answers status and body.
 */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        )
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} in time`)))
    req.on('error', reject)
    req.end(options.body)
  })
}

export async function call<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<T> {
  const res = await request(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  })
  if (res.status !== 200)
    throw new Error(`${method} ${path} answered ${res.status}: ${res.body.slice(0, 500)}`)
  return JSON.parse(res.body) as T
}

export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  return (await call<{ token: string }>(baseUrl, 'POST', '/v1/auth/login', { body: { email, password } }))
    .token
}

/** A merchant, its owner and a product, created through the admin API; answers the owner's token. */
export async function setUpMerchant(baseUrl: string): Promise<{ token: string; productId: string }> {
  const admin = await login(baseUrl, ADMIN.email, ADMIN.password)
  const merchant = await call<{ id: string }>(baseUrl, 'POST', '/v1/admin/merchants', {
    token: admin,
    body: { name: 'Crash Test Audio' },
  })
  await call(baseUrl, 'POST', `/v1/admin/merchants/${merchant.id}/users`, {
    token: admin,
    body: { ...SELLER, name: 'Seller', merchantRole: 'OWNER' },
  })
  const token = await login(baseUrl, SELLER.email, SELLER.password)
  const product = await call<{ id: string }>(baseUrl, 'POST', '/v1/merchant/products', {
    token,
    body: { merchantSku: 'CT-1', title: 'Crash Test Speaker', warrantyDurationMonths: 24 },
  })
  return { token, productId: product.id }
}

export function merchantStats(baseUrl: string, token: string): Promise<MerchantStats> {
  return call<MerchantStats>(baseUrl, 'GET', '/v1/merchant/stats', { token })
}

/** Every warranty of the caller's merchant, page by page. */
export async function allWarranties(baseUrl: string, token: string): Promise<WarrantyView[]> {
  const all: WarrantyView[] = []
  let cursor: string | null = null
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const page: { items: WarrantyView[]; nextCursor: string | null } = await call(
      baseUrl,
      'GET',
      `/v1/merchant/warranties?limit=200${query}`,
      { token, timeoutMs: 60_000 },
    )
    all.push(...page.items)
    cursor = page.nextCursor
  } while (cursor)
  return all
}
