/**
 * Issue 19's crash test, with real processes: an export (a `safeTransferFrom` out of the
 * custodial address) under way when the service's process group is killed with SIGKILL, the
 * transaction signed, recorded and broadcast but not yet mined (the test's own chain mines a
 * block every 3 s and lives outside the group). After a restart on the same data the transfer
 * is reconciled from the chain: the very transaction recorded before the kill is the one that
 * moved the token, once.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { createPublicClient, http, parseAbiItem } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { startExternalChain } from '../support/mint-fixtures.js'
import { OUTSIDE_KEYS } from '../support/ownership-fixtures.js'
import { linksIn } from '../support/smtp-sink.js'
import { ensureBuilt } from './support/build.js'
import { createScenario } from './support/scenario.js'
import { request, setUpMerchant } from './support/service-api.js'

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
)

async function api(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await request(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  return { status: res.status, json: JSON.parse(res.body || 'null') }
}

async function until<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs: number, stepMs = 20) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await fn().catch(() => null)
    if (value) return value
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`)
    await sleep(stepMs)
  }
}

describe('Export across a kill -9', () => {
  beforeAll(() => ensureBuilt(), 600_000)

  it('a transfer sent but not mined when the process group is killed is confirmed once after a restart', async () => {
    const scenario = await createScenario(`export-crash`)
    const chain = await startExternalChain({ blockTimeSeconds: 3 })
    try {
      const service = scenario.service({
        env: {
          CHAIN_RPC_URL: chain.directUrl,
          CHAIN_PRIVATE_KEY: chain.env.CHAIN_PRIVATE_KEY ?? '',
          CERTIFICATE_CONTRACT_ADDRESS: chain.address,
          CHAIN_CONFIRMATIONS: '2',
          OWNERSHIP_SWEEP_SECONDS: '1',
        },
      })
      await service.start()
      const base = service.url
      const { token: seller } = await setUpMerchant(base)
      const email = `crash-owner-${Date.now()}@example.com`
      const issued = await api(base, 'POST', '/v1/merchant/warranties/issue', seller, {
        serialNumber: `SN-${Date.now()}`,
        customerEmail: email,
      })
      expect(issued.status).toBe(200)
      const mail = await scenario.sink.waitForMessage((m) => m.text?.includes('claimId=') ?? false, 30_000)
      const claimId = new URL(linksIn(mail).find((l) => l.includes('claimId=')) ?? '').searchParams.get(
        'claimId',
      )
      const claim = await api(base, 'POST', '/v1/customer/auth/claim', undefined, { claimId })
      const token = claim.json.token as string
      const warrantyId = issued.json.id as string
      await until(
        async () => {
          const w = await api(base, 'GET', `/v1/customer/warranties/${warrantyId}`, token)
          return w.json?.mint?.status === 'MINTED' ? w : null
        },
        60_000,
        200,
      )

      const alice = privateKeyToAccount(OUTSIDE_KEYS[0])
      const challenge = await api(base, 'POST', '/v1/customer/wallets/challenge', token, {
        address: alice.address,
      })
      const message = challenge.json.message as string
      const linked = await api(base, 'POST', '/v1/customer/wallets', token, {
        message,
        signature: await alice.signMessage({ message }),
      })
      expect(linked.status).toBe(201)
      expect(
        (
          await api(base, 'POST', `/v1/customer/warranties/${warrantyId}/export`, token, {
            address: alice.address,
          })
        ).status,
      ).toBe(202)

      const sent = await until(
        async () => {
          const o = await api(base, 'GET', `/v1/customer/warranties/${warrantyId}/ownership`, token)
          return o.json?.transfer?.status === 'SENT' && o.json.transfer.txHash ? o.json : null
        },
        30_000,
        10,
      )
      await service.crash() // kill -9 of the whole group, the transfer broadcast and not mined
      const client = createPublicClient({ transport: http(chain.directUrl) })
      const receiptBefore = await client
        .getTransactionReceipt({ hash: sent.transfer.txHash })
        .catch(() => null)

      await service.start()
      const done = await until(
        async () => {
          const o = await api(base, 'GET', `/v1/customer/warranties/${warrantyId}/ownership`, token)
          return o.json?.transfer?.status === 'CONFIRMED' ? o.json : null
        },
        90_000,
        200,
      )
      expect(done).toMatchObject({ holder: alice.address, transfer: { txHash: sent.transfer.txHash } })
      const logs = await client.getLogs({ address: chain.address, event: TRANSFER, fromBlock: 0n })
      const tokenId = logs.find((l) => l.args.to === alice.address)?.args.tokenId
      const moves = logs.filter(
        (l) => l.args.tokenId === tokenId && l.args.from !== '0x0000000000000000000000000000000000000000',
      )
      expect(moves.map((l) => [l.args.to, l.transactionHash])).toEqual([
        [alice.address, sent.transfer.txHash],
      ])
      scenario.report({
        exportCrash: { minedBeforeKill: receiptBefore !== null, txHash: sent.transfer.txHash },
      })
    } finally {
      await scenario.close()
      await chain.close()
    }
  }, 300_000)
})
