import { eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletNonces } from '../../src/db/schema/index.js'
import { hashToken } from '../../src/lib/one-time-tokens.js'
import { createTestService, type TestService } from '../support/harness.js'
import {
  challengeFor,
  deploySmartWallet,
  OUTSIDE_KEYS,
  postLink,
  signedInCustomer,
} from '../support/ownership-fixtures.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService({ env: { OWNERSHIP_SWEEP_SECONDS: '3600' } })
})
afterAll(() => svc?.close())

const alice = privateKeyToAccount(OUTSIDE_KEYS[0])
const bob = privateKeyToAccount(OUTSIDE_KEYS[1])

/** A message built like the service's, with one field changed. */
function altered(message: string, change: Partial<Parameters<typeof createSiweMessage>[0]>): string {
  const p = parseSiweMessage(message)
  return createSiweMessage({
    domain: p.domain ?? '',
    address: p.address ?? alice.address,
    statement: p.statement,
    uri: p.uri ?? '',
    version: '1',
    chainId: p.chainId ?? 0,
    nonce: p.nonce ?? '',
    issuedAt: p.issuedAt,
    expirationTime: p.expirationTime,
    ...change,
  })
}

describe('Linking a wallet with Sign-In with Ethereum', () => {
  it('links the address of a signed challenge (domain, chain, nonce checked) and lists it', async () => {
    const c = await signedInCustomer(svc, 'siwe')
    const message = await challengeFor(svc, c.token, alice.address)
    const parsed = parseSiweMessage(message)
    expect(parsed).toMatchObject({
      domain: 'app.test',
      uri: 'http://app.test',
      chainId: 31337,
      address: alice.address,
    })
    const res = await postLink(svc, c.token, message, await alice.signMessage({ message }))
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ address: alice.address, chainId: 31337 })
    const list = await svc.request({ method: 'GET', url: '/v1/customer/wallets', token: c.token })
    expect(list.json().items.map((w: { address: string }) => w.address)).toEqual([alice.address])
    const gone = await svc.request({
      method: 'DELETE',
      url: `/v1/customer/wallets/${alice.address}`,
      token: c.token,
    })
    expect(gone.statusCode).toBe(200)
    const again = await svc.request({
      method: 'DELETE',
      url: `/v1/customer/wallets/${alice.address}`,
      token: c.token,
    })
    expect(again.statusCode).toBe(404)
  })

  it('refuses a replayed nonce with 401 token_used', async () => {
    const c = await signedInCustomer(svc, 'replay')
    const message = await challengeFor(svc, c.token, alice.address)
    const signature = await alice.signMessage({ message })
    expect((await postLink(svc, c.token, message, signature)).statusCode).toBe(201)
    const replay = await postLink(svc, c.token, message, signature)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().error).toBe('token_used')
  })

  it('refuses an expired nonce with 401 expired_token', async () => {
    const c = await signedInCustomer(svc, 'expired')
    const message = await challengeFor(svc, c.token, alice.address)
    const nonce = parseSiweMessage(message).nonce ?? ''
    await svc.deps.db
      .update(walletNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletNonces.nonceHash, hashToken(nonce)))
    const res = await postLink(svc, c.token, message, await alice.signMessage({ message }))
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toBe('expired_token')
  })

  it('refuses a message for another domain, another chain, or signed by another key (nothing consumed)', async () => {
    const c = await signedInCustomer(svc, 'wrong')
    const message = await challengeFor(svc, c.token, alice.address)
    for (const change of [{ domain: 'evil.test' }, { chainId: 1 }]) {
      const bad = altered(message, change)
      const res = await postLink(svc, c.token, bad, await alice.signMessage({ message: bad }))
      expect(res.statusCode).toBe(401)
      expect(res.json().error).toBe('invalid_token')
    }
    const forged = await postLink(svc, c.token, message, await bob.signMessage({ message }))
    expect(forged.statusCode).toBe(401)
    expect(forged.json().message).toMatch(/signature/)
    // The nonce survived the refusals: the genuine signature still links.
    expect((await postLink(svc, c.token, message, await alice.signMessage({ message }))).statusCode).toBe(201)
  })

  it("refuses another customer's nonce", async () => {
    const a = await signedInCustomer(svc, 'a')
    const b = await signedInCustomer(svc, 'b')
    const message = await challengeFor(svc, a.token, alice.address)
    const res = await postLink(svc, b.token, message, await alice.signMessage({ message }))
    expect(res.statusCode).toBe(401)
  })

  it('links an EIP-1271 smart contract wallet (its owner key signs, the contract says yes)', async () => {
    const c = await signedInCustomer(svc, 'smart')
    const owner = privateKeyToAccount(OUTSIDE_KEYS[2])
    const wallet = await deploySmartWallet(svc, owner, owner.address)
    const message = await challengeFor(svc, c.token, wallet)
    const res = await postLink(svc, c.token, message, await owner.signMessage({ message }))
    expect(res.statusCode).toBe(201)
    expect(res.json().address).toBe(getAddress(wallet))
    const stranger = await challengeFor(svc, c.token, wallet)
    const refused = await postLink(svc, c.token, stranger, await bob.signMessage({ message: stranger }))
    expect(refused.statusCode).toBe(401)
  })
})
