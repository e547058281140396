import { eq } from 'drizzle-orm'
import { parseAbiItem } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadArtifact } from '../../src/adapters/chain/artifacts.js'
import { ownerChanges, warranties } from '../../src/db/schema/index.js'
import { createTestService, type TestService, waitFor } from '../support/harness.js'
import { rpc } from '../support/mint-fixtures.js'
import {
  clientsOf,
  linkAccount,
  OUTSIDE_KEYS,
  rpcUrlOf,
  signedInCustomer,
} from '../support/ownership-fixtures.js'

let svc: TestService

beforeAll(async () => {
  svc = await createTestService({ mint: true, env: { OWNERSHIP_SWEEP_SECONDS: '3600' } })
})
afterAll(() => svc?.close())

const [alice, bob, carol, dave] = OUTSIDE_KEYS.map((k) => privateKeyToAccount(k)) as [
  ReturnType<typeof privateKeyToAccount>,
  ReturnType<typeof privateKeyToAccount>,
  ReturnType<typeof privateKeyToAccount>,
  ReturnType<typeof privateKeyToAccount>,
]
const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
)

async function mintedToken(warrantyId: string): Promise<bigint> {
  const row = await waitFor(async () => {
    const [w] = await svc.deps.db.select().from(warranties).where(eq(warranties.id, warrantyId))
    return w?.mintStatus === 'MINTED' ? w : null
  }, 30_000)
  return BigInt(row.tokenId ?? 0)
}

const ownership = (token: string, id: string) =>
  svc.request({ method: 'GET', url: `/v1/customer/warranties/${id}/ownership`, token })
const wallet = (token: string, id: string) =>
  svc.request({ method: 'GET', url: `/v1/customer/warranties/${id}`, token })
const ownerOf = (tokenId: bigint) => svc.deps.chain.ownership.ownerAt(tokenId)

async function transfersOf(tokenId: bigint) {
  const { publicClient } = clientsOf(svc, alice)
  return publicClient.getLogs({
    address: svc.deps.chain.contractAddress,
    event: TRANSFER,
    args: { tokenId },
    fromBlock: 0n,
  })
}

/** `operator` (approved by `from`, like a marketplace) moves the token from `from` to `to`. */
async function marketplaceSale(tokenId: bigint, from: typeof alice, operator: typeof alice, to: string) {
  const { abi } = await loadArtifact('WarrantyCertificate')
  const address = svc.deps.chain.contractAddress
  const seller = clientsOf(svc, from)
  await seller.publicClient.waitForTransactionReceipt({
    hash: await seller.walletClient.writeContract({
      address,
      abi,
      functionName: 'setApprovalForAll',
      args: [operator.address, true],
    }),
  })
  const market = clientsOf(svc, operator)
  await market.publicClient.waitForTransactionReceipt({
    hash: await market.walletClient.writeContract({
      address,
      abi,
      functionName: 'transferFrom',
      args: [from.address, to, tokenId],
    }),
  })
}

describe('Export to a linked wallet, then the chain followed', () => {
  it('exports exactly once, follows a marketplace sale, and a new holder who proves the address gets the warranty', async () => {
    const c = await signedInCustomer(svc, 'exporter')
    const tokenId = await mintedToken(c.warranty.id)
    await linkAccount(svc, c.token, alice)

    const refused = await svc.request({
      method: 'POST',
      url: `/v1/customer/warranties/${c.warranty.id}/export`,
      token: c.token,
      payload: { address: bob.address },
    })
    expect(refused.statusCode).toBe(404) // not one of the customer's addresses

    const res = await svc.request({
      method: 'POST',
      url: `/v1/customer/warranties/${c.warranty.id}/export`,
      token: c.token,
      payload: { address: alice.address },
    })
    expect(res.statusCode).toBe(202)
    expect(res.json()).toMatchObject({
      holder: 'custodial',
      transfer: { status: 'PENDING', toAddress: alice.address },
    })
    const twice = await svc.request({
      method: 'POST',
      url: `/v1/customer/warranties/${c.warranty.id}/export`,
      token: c.token,
      payload: { address: alice.address },
    })
    expect(twice.statusCode).toBe(409)

    await svc.services.ownership.runOnce()
    await svc.services.ownership.runOnce()
    expect(await ownerOf(tokenId)).toBe(alice.address)
    const after = (await ownership(c.token, c.warranty.id)).json()
    expect(after).toMatchObject({
      holder: alice.address,
      transfer: { status: 'CONFIRMED', txHash: expect.any(String) },
    })
    expect(after.changes.map((x: { kind: string }) => x.kind)).toEqual(['EXPORT'])
    // The export's change names its transaction (it said null before).
    expect(after.changes[0].txHash).toBe(after.transfer.txHash)
    // Minted once, exported once: two Transfer events for the token.
    expect((await transfersOf(tokenId)).map((l) => l.args.to)).toEqual([
      svc.deps.chain.custodian,
      alice.address,
    ])

    // Sold on a marketplace: the operator moves it from alice to bob; nobody proved bob yet.
    await marketplaceSale(tokenId, alice, carol, bob.address)
    await svc.services.ownership.runOnce()
    expect((await wallet(c.token, c.warranty.id)).statusCode).toBe(404)

    const buyer = await signedInCustomer(svc, 'buyer')
    await linkAccount(svc, buyer.token, bob)
    const taken = await wallet(buyer.token, c.warranty.id)
    expect(taken.statusCode).toBe(200)
    const followed = (await ownership(buyer.token, c.warranty.id)).json()
    expect(followed.holder).toBe(bob.address)
    // The sale followed on chain, and the buyer's proof of the address, name the sale's transaction.
    const sale = (await transfersOf(tokenId)).at(-1)?.transactionHash
    expect(sale).toMatch(/^0x[0-9a-f]{64}$/)
    expect(followed.changes).toEqual([
      { kind: 'EXPORT', txHash: after.transfer.txHash, at: expect.any(String) },
      { kind: 'CHAIN_TRANSFER', txHash: sale, at: expect.any(String) },
      { kind: 'CHAIN_TRANSFER', txHash: sale, at: expect.any(String) },
    ])
    const kinds = await svc.deps.db
      .select({ kind: ownerChanges.kind, to: ownerChanges.toCustomerId })
      .from(ownerChanges)
      .where(eq(ownerChanges.warrantyId, c.warranty.id))
    expect(kinds).toEqual([
      { kind: 'EXPORT', to: c.id },
      { kind: 'CHAIN_TRANSFER', to: null },
      { kind: 'CHAIN_TRANSFER', to: buyer.id },
    ])
  })

  it('a reorg that drops a transfer already followed puts the warranty back, and a dropped export is sent again once', async () => {
    const c = await signedInCustomer(svc, 'reorg')
    const tokenId = await mintedToken(c.warranty.id)
    await linkAccount(svc, c.token, dave)
    const other = await signedInCustomer(svc, 'reorg-other')
    // Its mint must be on chain before the snapshot: a mint the revert dropped would leave a
    // nonce gap in front of the export's signed bytes, and they would wait for the mint's resend.
    await mintedToken(other.warranty.id)
    await linkAccount(svc, other.token, carol)
    await svc.services.ownership.runOnce()
    const url = rpcUrlOf(svc)

    // The export is mined and confirmed, then a reorg takes it back.
    const snapshot = await rpc<string>(url, 'evm_snapshot')
    await svc.request({
      method: 'POST',
      url: `/v1/customer/warranties/${c.warranty.id}/export`,
      token: c.token,
      payload: { address: dave.address },
    })
    await svc.services.ownership.runOnce()
    expect(await ownerOf(tokenId)).toBe(dave.address)
    // dave sells to carol (another customer's address): followed.
    await marketplaceSale(tokenId, dave, alice, carol.address)
    await svc.services.ownership.runOnce()
    expect((await wallet(other.token, c.warranty.id)).statusCode).toBe(200)

    await rpc(url, 'evm_revert', [snapshot])
    await rpc(url, 'anvil_mine', ['0x5'])
    expect(await ownerOf(tokenId)).toBe(svc.deps.chain.custodian)
    await svc.services.ownership.runOnce() // sees the reorg: the export is open again
    await svc.services.ownership.runOnce() // the same signed transaction, broadcast again
    await svc.services.ownership.runOnce()
    expect(await ownerOf(tokenId)).toBe(dave.address)
    expect((await wallet(other.token, c.warranty.id)).statusCode).toBe(404)
    expect((await wallet(c.token, c.warranty.id)).statusCode).toBe(200)
    expect((await ownership(c.token, c.warranty.id)).json()).toMatchObject({
      holder: dave.address,
      transfer: { status: 'CONFIRMED' },
    })
    expect((await transfersOf(tokenId)).map((l) => l.args.to)).toEqual([
      svc.deps.chain.custodian,
      dave.address,
    ])
  })
})
