import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inArray, sql } from 'drizzle-orm'
import { createWalletClient, http, keccak256, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_DEV_PRIVATE_KEY, AnvilSupervisor } from '../../src/adapters/chain/anvil.js'
import { loadArtifact } from '../../src/adapters/chain/artifacts.js'
import type { ChainHandle } from '../../src/adapters/chain/index.js'
import type { Address } from '../../src/adapters/chain/port.js'
import type { Db } from '../../src/db/client.js'
import { type WarrantyRow, warranties } from '../../src/db/schema/index.js'
import { createLogger } from '../../src/logger.js'
import { MINT_JOB } from '../../src/modules/minting/minting.service.js'
import type {
  IssueInput,
  WarrantyWithNotificationResponse,
} from '../../src/modules/warranties/warranties.service.js'
import { generateWarrantyCode } from '../../src/modules/warranties/warranty-code.js'
import type { TestService } from './harness.js'
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js'

/**
 * Warranty rows as issuance leaves them (mint PENDING), written directly, for tests about the
 * pipeline alone (nothing wakes the minter: they ask for a run themselves); `issueWarranties`
 * goes through the route. Personal data is filled in on purpose, so that the tests can show
 * none of it reaches the chain or IPFS.
 */
export async function insertPendingWarranties(
  db: Db,
  merchantId: string,
  count: number,
  options: { merchantProductId?: string } = {},
): Promise<WarrantyRow[]> {
  const rows = Array.from({ length: count }, (_, i) => {
    const tag = randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()
    return {
      merchantId,
      warrantyCode: generateWarrantyCode(),
      serialNumber: `SN-${tag}-${i}`,
      merchantProductId: options.merchantProductId ?? null,
      customerEmail: `private.person.${tag.toLowerCase()}@example.com`,
      customerName: `Private Person ${tag}`,
      customerPhone: '+44 7700 900123',
      purchasePrice: 1234.56,
      invoiceNumber: `INV-${tag}`,
      purchaseDate: new Date('2026-05-01T10:00:00Z'),
      expiresAt: new Date(Date.now() + 365 * 86_400_000),
      createdAt: new Date(Date.now() - (count - i)),
    }
  })
  const inserted: WarrantyRow[] = []
  // Chunks keep each statement's parameter count small.
  for (let i = 0; i < rows.length; i += 50) {
    inserted.push(
      ...(await db
        .insert(warranties)
        .values(rows.slice(i, i + 50))
        .returning()),
    )
  }
  return inserted
}

export async function warrantiesById(db: Db, ids: string[]): Promise<WarrantyRow[]> {
  return db.select().from(warranties).where(inArray(warranties.id, ids))
}

export const MINTER_ROLE = keccak256(toHex('MINTER_ROLE'))

/** Grants or revokes the custodian's minter role, as the contract admin (the deployer) would. */
export async function setMinterRole(chain: ChainHandle, grant: boolean): Promise<void> {
  if (!chain.node) throw new Error('needs the embedded chain')
  const { abi } = await loadArtifact('WarrantyCertificate')
  const wallet = createWalletClient({
    account: privateKeyToAccount(ANVIL_DEV_PRIVATE_KEY),
    transport: http(chain.node.rpcUrl),
  })
  const hash = await wallet.writeContract({
    address: chain.contractAddress,
    abi,
    functionName: grant ? 'grantRole' : 'revokeRole',
    args: [MINTER_ROLE, chain.custodian],
    chain: null,
  })
  for (let i = 0; i < 100; i++) {
    const receipt = await fetch(chain.node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [hash] }),
    }).then((r) => r.json() as Promise<{ result: { status: string } | null }>)
    if (receipt.result) {
      if (receipt.result.status !== '0x1') throw new Error('role change reverted')
      return
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('role change not mined')
}

/** One warranty issued through the route: what was sent (personal data included) and what came back. */
export interface IssuedWarranty {
  input: IssueInput & {
    customerEmail: string
    customerName: string
    customerPhone: string
    purchasePrice: number
    invoiceNumber: string
    purchaseDate: string
  }
  response: WarrantyWithNotificationResponse
}

/**
 * Issues `count` warranties through `POST /v1/merchant/warranties/issue` as a merchant user,
 * `concurrency` requests in flight at once, each with personal data filled in (so that the
 * tests can show none of it reaches the chain or IPFS). Issuing wakes the minter itself.
 */
export async function issueWarranties(
  svc: TestService,
  token: string,
  count: number,
  options: { merchantProductId?: string; concurrency?: number } = {},
): Promise<IssuedWarranty[]> {
  const results = new Array<IssuedWarranty>(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      const tag = randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()
      const input: IssuedWarranty['input'] = {
        serialNumber: `sn-${tag}-${i}`,
        ...(options.merchantProductId ? { merchantProductId: options.merchantProductId } : {}),
        customerEmail: `private.person.${tag.toLowerCase()}@example.com`,
        customerName: `Private Person ${tag}`,
        customerPhone: `+44 7700 ${String(900000 + i).padStart(6, '0')}`,
        purchasePrice: 1000 + i + 0.57,
        invoiceNumber: `INV-${tag}`,
        purchaseDate: new Date(Date.UTC(2026, 2, 1 + (i % 28), 10)).toISOString(),
      }
      const res = await svc.request({
        method: 'POST',
        url: '/v1/merchant/warranties/issue',
        token,
        payload: input,
      })
      if (res.statusCode !== 200) throw new Error(`issue ${i} answered ${res.statusCode}: ${res.body}`)
      results[i] = { input, response: res.json() }
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 1, count) }, worker))
  return results
}

/**
 * What pg-boss holds about `warranties.mint` runs in this database, over all its jobs (both only
 * grow): `failed`, the attempts that threw; `retried`, the attempts started again after one did
 * (pg-boss counts a retry when it starts it, after MINT_RETRY_DELAY_SECONDS with backoff).
 */
export async function mintRunAttempts(db: Db): Promise<{ failed: number; retried: number }> {
  const result = (await db.execute(sql`
    select coalesce(sum(retry_count), 0)::int as retried,
           coalesce(sum(retry_count + case when state in ('retry', 'failed') then 1 else 0 end), 0)::int as failed
    from pgboss.job where name = ${MINT_JOB}`)) as unknown as { rows: { retried: number; failed: number }[] }
  const row = result.rows[0]
  return { failed: Number(row?.failed ?? 0), retried: Number(row?.retried ?? 0) }
}

/** A raw JSON-RPC call (anvil's own methods included). */
export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(5_000),
  })
  const body = (await res.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/**
 * A chain node of the test's own, as a deployment would have one: an anvil with interval
 * mining (a sent transaction stays pending until the next block), the certificate contract
 * deployed, and a TCP proxy in front of its RPC port that the test can cut and restore.
 * `env` configures a test service to use it through the proxy.
 */
export interface ExternalChain {
  node: AnvilSupervisor
  address: Address
  proxy: TcpProxy
  /** The node itself (not through the proxy). */
  directUrl: string
  /** Through the proxy. */
  proxiedUrl: string
  env: Record<string, string>
  close(): Promise<void>
}

export async function startExternalChain(options: { blockTimeSeconds: number }): Promise<ExternalChain> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-ext-chain-'))
  const node = new AnvilSupervisor({
    dataDir,
    logger: createLogger({ logLevel: 'silent' }),
    blockTimeSeconds: options.blockTimeSeconds,
    signerKey: ANVIL_DEV_PRIVATE_KEY,
  })
  let proxy: TcpProxy | undefined
  try {
    await node.start()
    const { address } = await node.ensureDeployment()
    const url = new URL(node.rpcUrl)
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) })
    const proxiedUrl = `http://127.0.0.1:${proxy.port}`
    const started = proxy
    return {
      node,
      address,
      proxy,
      directUrl: node.rpcUrl,
      proxiedUrl,
      env: {
        CHAIN_RPC_URL: proxiedUrl,
        CHAIN_PRIVATE_KEY: ANVIL_DEV_PRIVATE_KEY,
        CERTIFICATE_CONTRACT_ADDRESS: address,
        CHAIN_CONFIRMATIONS: '1',
        MINT_RETRY_DELAY_SECONDS: '1',
      },
      async close() {
        await started.close()
        await node.stop()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (err) {
    await proxy?.close()
    await node.stop()
    rmSync(dataDir, { recursive: true, force: true })
    throw err
  }
}
