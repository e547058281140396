/**
 * A started service (as `npm start` runs it, on a fresh data folder) with a merchant, a customer
 * with a few warranties (minted), an unused claim link for the landing page and a signed-in
 * session for the wallet: what `npm run bench:web` and `npm run screenshots` look at.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { obtainDatabase } from '../src/db/obtain.js'
import { warranties } from '../src/db/schema/index.js'
import { createLogger } from '../src/logger.js'
import { generateWarrantyCode } from '../src/modules/warranties/warranty-code.js'
import { login, type Server, startService } from './lib.js'

export interface WebSeed {
  service: Server
  url: string
  claimUrl: string
  session: { token: string; email: string }
  warrantyId: string
  warrantyCode: string
  serialNumber: string
}

async function call<T>(url: string, token: string | null, body?: unknown, method = 'POST'): Promise<T> {
  const res = await fetch(url, {
    method: body === undefined && method === 'POST' ? 'GET' : method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** The claim links e-mailed so far, oldest first (the embedded mailer writes .eml files). */
async function claimLinks(dataDir: string): Promise<string[]> {
  const outbox = join(dataDir, 'outbox')
  if (!existsSync(outbox)) return []
  const links: string[] = []
  for (const name of readdirSync(outbox).sort()) {
    const mail = await simpleParser(readFileSync(join(outbox, name)))
    const link = /https?:\/\/\S+\/claim\?claimId=[\w-]+/.exec(mail.text ?? '')?.[0]
    if (link) links.push(link)
  }
  return links
}

const PRODUCTS: [string, number][] = [
  ['Steel kettle 1.7 l', 24],
  ['Noise-cancelling headphones', 12],
  ['Cordless drill 18 V', 36],
  ['Espresso machine', 1],
]

export async function seedWebApp(): Promise<WebSeed> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-web-'))
  const service = await startService({ DATA_DIR: dataDir, INBOX_SMTP_PORT: 'off' })
  const { url } = service
  const admin = await login(url)
  const merchant = await call<{ id: string }>(`${url}/v1/admin/merchants`, admin, {
    name: 'Corner Electronics',
  })
  await call(`${url}/v1/admin/merchants/${merchant.id}/users`, admin, {
    email: 'owner@corner.example.com',
    password: 'owner-password',
    name: 'Owner',
    merchantRole: 'OWNER',
  })
  const owner = await login(url, 'owner@corner.example.com', 'owner-password')
  const email = 'jane.doe@example.com'
  const issued: { id: string; warrantyCode: string; serialNumber: string }[] = []
  for (const [i, [title, months]] of PRODUCTS.entries()) {
    const product = await call<{ id: string }>(`${url}/v1/merchant/products`, owner, {
      merchantSku: `SKU-${i}`,
      title,
      warrantyDurationMonths: months,
    })
    issued.push(
      await call(`${url}/v1/merchant/warranties/issue`, owner, {
        serialNumber: `SN-2026-${1000 + i}`,
        merchantProductId: product.id,
        customerEmail: email,
        purchaseDate: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      }),
    )
  }
  let links: string[] = []
  for (let i = 0; i < 100 && links.length < PRODUCTS.length; i++) {
    await new Promise((r) => setTimeout(r, 200))
    links = await claimLinks(dataDir)
  }
  if (links.length < 2) throw new Error('the claim e-mails did not arrive')
  // The newest link stays unused for the landing page; an older one signs the customer in.
  const claimId = new URL(links[0]!).searchParams.get('claimId')!
  const claimed = await call<{ token: string }>(`${url}/v1/customer/auth/claim`, null, { claimId })
  const first = issued[0]!
  for (let i = 0; i < 150; i++) {
    const w = await call<{ mint: { status: string } }>(
      `${url}/v1/customer/warranties/${first.id}`,
      claimed.token,
      undefined,
      'GET',
    )
    if (w.mint.status === 'MINTED') break
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    service,
    url,
    claimUrl: links.at(-1)!.replace(/^https?:\/\/[^/]+/, url),
    session: { token: claimed.token, email },
    warrantyId: first.id,
    warrantyCode: first.warrantyCode,
    serialNumber: first.serialNumber,
  }
}

export interface ConsoleSeed {
  service: Server
  url: string
  /** The staff sessions the console keeps (`wr.staff`): the big merchant's owner, the small one's. */
  big: { token: string; user: unknown }
  small: { token: string; user: unknown }
  admin: { token: string; user: unknown }
  merchantId: string
  warrantyId: string
}

async function signIn(url: string, email: string, password: string) {
  return call<{ token: string; user: unknown }>(`${url}/v1/auth/login`, null, { email, password })
}

/**
 * The console's bench data: a merchant with WARRANTIES warranties (default 10,000, spread over
 * the last 60 days, minted, a few failed) and a small one with 10. The service is started once to create the
 * merchants and owners through the API, stopped, the warranties are written straight into its
 * embedded database (issuing 10,000 through the API would mint 10,000 tokens), and started again.
 */
export async function seedConsole(
  count = Number(process.env.BENCH_WARRANTIES ?? 10_000),
): Promise<ConsoleSeed> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-console-'))
  const first = await startService({ DATA_DIR: dataDir, INBOX_SMTP_PORT: 'off' })
  const adminToken = await login(first.url)
  const merchants: { id: string; email: string }[] = []
  for (const name of ['Harbour Audio', 'Tiny Repairs']) {
    const merchant = await call<{ id: string }>(`${first.url}/v1/admin/merchants`, adminToken, { name })
    const email = `owner@${name.split(' ')[0]!.toLowerCase()}.example.com`
    await call(`${first.url}/v1/admin/merchants/${merchant.id}/users`, adminToken, {
      email,
      password: 'owner-password',
      name: `${name} owner`,
      merchantRole: 'OWNER',
    })
    merchants.push({ id: merchant.id, email })
  }
  await first.stop()

  const database = await obtainDatabase({
    url: null,
    dataDir,
    logger: createLogger({ logLevel: 'warn' }),
    embedded: 'own',
  })
  let warrantyId = ''
  for (const [merchant, n] of [
    [merchants[0]!, count],
    [merchants[1]!, 10],
  ] as const) {
    for (let i = 0; i < n; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, n - i) }, (_, j) => {
        const k = i + j
        const createdAt = new Date(Date.now() - ((k * 37) % (60 * 24)) * 3_600_000)
        return {
          merchantId: merchant.id,
          warrantyCode: generateWarrantyCode(),
          serialNumber: `SN-${merchant.id.slice(0, 4)}-${k}`,
          customerEmail: `customer-${k}@example.com`,
          customerName: `Customer ${k}`,
          invoiceNumber: `INV-${100000 + k}`,
          purchasePrice: 99 + (k % 400),
          purchaseDate: createdAt,
          warrantyDurationMonths: 24,
          expiresAt: new Date(createdAt.getTime() + 730 * 86_400_000),
          mintStatus: (k % 97 === 5 ? 'FAILED' : 'MINTED') as 'FAILED' | 'MINTED',
          createdAt,
        }
      })
      const inserted = await database.db.insert(warranties).values(rows).returning({ id: warranties.id })
      warrantyId ||= inserted[0]?.id ?? ''
    }
  }
  await database.close()

  const service = await startService({ DATA_DIR: dataDir, INBOX_SMTP_PORT: 'off' })
  const big = await signIn(service.url, merchants[0]!.email, 'owner-password')
  const small = await signIn(service.url, merchants[1]!.email, 'owner-password')
  const admin = await signIn(service.url, 'bench@example.com', 'bench-password')
  return {
    service: {
      ...service,
      async stop() {
        await service.stop()
        rmSync(dataDir, { recursive: true, force: true })
      },
    },
    url: service.url,
    big,
    small,
    admin,
    merchantId: merchants[0]!.id,
    warrantyId,
  }
}
