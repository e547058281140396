import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  parseEventLogs,
  toHex,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_DEV_PRIVATE_KEY, ANVIL_DEV_PRIVATE_KEY_2 } from '../../src/adapters/chain/anvil.js'
import { type ContractArtifact, loadArtifact } from '../../src/adapters/chain/artifacts.js'
import {
  directoryCid,
  randomDigest,
  startTestChain,
  type TestChain,
} from '../adapters/chain/chain-fixture.js'

const admin = privateKeyToAccount(ANVIL_DEV_PRIVATE_KEY)
const stranger = privateKeyToAccount(ANVIL_DEV_PRIVATE_KEY_2)
const customer: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const MINTER_ROLE = keccak256(toHex('MINTER_ROLE'))

let testChain: TestChain
let artifact: ContractArtifact
let abi: Abi

function clients() {
  const transport = http(testChain.node.rpcUrl)
  const chain = {
    id: 31337,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [testChain.node.rpcUrl] } },
  }
  return {
    client: createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 20 }),
    asAdmin: createWalletClient({ chain, transport, account: admin }),
    asStranger: createWalletClient({ chain, transport, account: stranger }),
  }
}

let c: ReturnType<typeof clients>

async function deploy(adminAddress: Address = admin.address): Promise<Address> {
  const hash = await c.asAdmin.deployContract({
    abi,
    bytecode: artifact.bytecode,
    args: ['Warranty Certificate', 'WARRANTY', adminAddress],
  })
  const receipt = await c.client.waitForTransactionReceipt({ hash })
  if (!receipt.contractAddress) throw new Error('no contract address')
  return receipt.contractAddress
}

function read<T>(address: Address, functionName: string, args: readonly unknown[] = []): Promise<T> {
  return c.client.readContract({ address, abi, functionName, args }) as Promise<T>
}

/** Mints through a mined transaction and returns its receipt. */
async function mint(
  address: Address,
  args: { start: bigint; quantity: number; digest: Hex; to?: Address },
  as: 'admin' | 'stranger' = 'admin',
) {
  const wallet = as === 'admin' ? c.asAdmin : c.asStranger
  const hash = await wallet.writeContract({
    address,
    abi,
    functionName: 'mintBatch',
    args: [args.to ?? admin.address, args.start, BigInt(args.quantity), args.digest],
    // An explicit limit skips estimation, so a reverting call is still mined.
    gas: 3_000_000n,
  })
  return c.client.waitForTransactionReceipt({ hash })
}

/** The custom error a simulated call reverts with. */
async function revertOf(promise: Promise<unknown>): Promise<{ errorName: string; args: readonly unknown[] }> {
  try {
    await promise
  } catch (err) {
    const reverted =
      err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : null
    if (reverted instanceof ContractFunctionRevertedError && reverted.data) {
      return { errorName: reverted.data.errorName, args: reverted.data.args ?? [] }
    }
    throw err
  }
  throw new Error('expected a revert')
}

function simulateMint(
  address: Address,
  args: { start: bigint; quantity: number | bigint; digest: Hex },
  account = admin.address,
) {
  return c.client.simulateContract({
    address,
    abi,
    functionName: 'mintBatch',
    args: [admin.address, args.start, BigInt(args.quantity), args.digest],
    account,
  })
}

beforeAll(async () => {
  testChain = await startTestChain()
  artifact = await loadArtifact('WarrantyCertificate')
  abi = artifact.abi
  c = clients()
})

afterAll(async () => {
  await testChain?.close()
})

describe('WarrantyCertificate: roles', () => {
  it('gives admin and minter roles to the constructor admin only', async () => {
    const address = await deploy(customer)
    expect(await read(address, 'hasRole', [MINTER_ROLE, customer])).toBe(true)
    expect(await read(address, 'hasRole', [`0x${'00'.repeat(32)}`, customer])).toBe(true)
    expect(await read(address, 'hasRole', [MINTER_ROLE, admin.address])).toBe(false)
  })

  it('rejects mintBatch from an account without MINTER_ROLE and changes nothing', async () => {
    const address = await deploy()
    const digest = randomDigest()
    expect(
      await revertOf(simulateMint(address, { start: 1n, quantity: 2, digest }, stranger.address)),
    ).toEqual({
      errorName: 'AccessControlUnauthorizedAccount',
      args: [stranger.address, MINTER_ROLE],
    })
    const receipt = await mint(address, { start: 1n, quantity: 2, digest, to: stranger.address }, 'stranger')
    expect(receipt.status).toBe('reverted')
    expect(await read(address, 'nextTokenId')).toBe(1n)
    expect(await read(address, 'balanceOf', [stranger.address])).toBe(0n)
    expect(await read(address, 'totalSupply')).toBe(0n)
  })

  it('lets the admin grant and revoke MINTER_ROLE', async () => {
    const address = await deploy()
    const grant = await c.asAdmin.writeContract({
      address,
      abi,
      functionName: 'grantRole',
      args: [MINTER_ROLE, stranger.address],
    })
    await c.client.waitForTransactionReceipt({ hash: grant })
    expect((await mint(address, { start: 1n, quantity: 1, digest: randomDigest() }, 'stranger')).status).toBe(
      'success',
    )

    const revoke = await c.asAdmin.writeContract({
      address,
      abi,
      functionName: 'revokeRole',
      args: [MINTER_ROLE, stranger.address],
    })
    await c.client.waitForTransactionReceipt({ hash: revoke })
    expect((await mint(address, { start: 2n, quantity: 1, digest: randomDigest() }, 'stranger')).status).toBe(
      'reverted',
    )
    expect(await read(address, 'nextTokenId')).toBe(2n)
  })

  it('does not let a minter grant roles', async () => {
    const address = await deploy()
    const failed = await revertOf(
      c.client.simulateContract({
        address,
        abi,
        functionName: 'grantRole',
        args: [MINTER_ROLE, customer],
        account: stranger.address,
      }),
    )
    expect(failed.errorName).toBe('AccessControlUnauthorizedAccount')
  })
})

describe('WarrantyCertificate: mintBatch', () => {
  it('mints sequential ids from 1, with balances and an owner for every token', async () => {
    const address = await deploy()
    expect(await read(address, 'nextTokenId')).toBe(1n)
    const sizes = [3, 1, 5]
    let start = 1n
    for (const quantity of sizes) {
      expect((await mint(address, { start, quantity, digest: randomDigest() })).status).toBe('success')
      start += BigInt(quantity)
    }
    expect(await read(address, 'nextTokenId')).toBe(10n)
    expect(await read(address, 'totalSupply')).toBe(9n)
    expect(await read(address, 'balanceOf', [admin.address])).toBe(9n)
    for (let id = 1n; id <= 9n; id++) expect(await read(address, 'ownerOf', [id])).toBe(admin.address)
    expect((await revertOf(read(address, 'ownerOf', [10n]))).errorName).toBe('OwnerQueryForNonexistentToken')
    expect((await revertOf(read(address, 'ownerOf', [0n]))).errorName).toBe('OwnerQueryForNonexistentToken')
  })

  it('gives every token of several batches tokenURI ipfs://<directory CID>/<id>', async () => {
    const address = await deploy()
    const batches: { start: bigint; quantity: number; digest: Hex }[] = [
      { start: 1n, quantity: 1, digest: `0x${'ff'.repeat(32)}` },
      { start: 2n, quantity: 7, digest: `0x${'00'.repeat(31)}01` },
      { start: 9n, quantity: 40, digest: randomDigest() },
      { start: 49n, quantity: 2, digest: randomDigest() },
    ]
    for (const batch of batches) expect((await mint(address, batch)).status).toBe('success')
    for (const { start, quantity, digest } of batches) {
      const cid = directoryCid(digest)
      expect(cid).toMatch(/^bafy[a-z2-7]{55}$/)
      for (let id = start; id < start + BigInt(quantity); id++) {
        expect(await read(address, 'tokenURI', [id])).toBe(`ipfs://${cid}/${id}`)
        expect(await read(address, 'batchDigestOf', [id])).toEqual([digest, start])
      }
      expect(await read(address, 'batchAt', [start])).toEqual([digest, BigInt(quantity)])
    }
    expect(await read(address, 'batchAt', [3n])).toEqual([`0x${'00'.repeat(32)}`, 0n])
    expect(await read(address, 'batchAt', [51n])).toEqual([`0x${'00'.repeat(32)}`, 0n])
    expect((await revertOf(read(address, 'tokenURI', [51n]))).errorName).toBe('URIQueryForNonexistentToken')
    expect(await revertOf(read(address, 'batchDigestOf', [0n]))).toEqual({
      errorName: 'BatchQueryForNonexistentToken',
      args: [0n],
    })
    expect((await revertOf(read(address, 'batchDigestOf', [51n]))).errorName).toBe(
      'BatchQueryForNonexistentToken',
    )
  })

  it('emits a Transfer per token and one BatchMinted', async () => {
    const address = await deploy()
    await mint(address, { start: 1n, quantity: 2, digest: randomDigest() })
    const digest = randomDigest()
    const receipt = await mint(address, { start: 3n, quantity: 4, digest })
    const events = parseEventLogs({ abi, logs: receipt.logs })
    expect(events.map((e) => e.eventName)).toEqual([
      'Transfer',
      'Transfer',
      'Transfer',
      'Transfer',
      'BatchMinted',
    ])
    expect(events.slice(0, 4).map((e) => e.args)).toEqual(
      [3n, 4n, 5n, 6n].map((tokenId) => ({ from: zeroAddress, to: admin.address, tokenId })),
    )
    expect(events[4]?.args).toEqual({ startTokenId: 3n, quantity: 4n, dirDigest: digest })
  })

  it('reverts a batch with another start id and changes nothing', async () => {
    const address = await deploy()
    await mint(address, { start: 1n, quantity: 5, digest: randomDigest() })
    for (const start of [1n, 5n, 7n]) {
      expect(await revertOf(simulateMint(address, { start, quantity: 1, digest: randomDigest() }))).toEqual({
        errorName: 'StartIdMismatch',
        args: [start, 6n],
      })
      expect((await mint(address, { start, quantity: 3, digest: randomDigest() })).status).toBe('reverted')
    }
    expect(await read(address, 'nextTokenId')).toBe(6n)
    expect(await read(address, 'balanceOf', [admin.address])).toBe(5n)
    expect(await read(address, 'batchAt', [6n])).toEqual([`0x${'00'.repeat(32)}`, 0n])
  })

  it('reverts a re-sent identical batch (exactly once)', async () => {
    const address = await deploy()
    const batch = { start: 1n, quantity: 10, digest: randomDigest() }
    expect((await mint(address, batch)).status).toBe('success')
    const again = await mint(address, batch)
    expect(again.status).toBe('reverted')
    expect(parseEventLogs({ abi, logs: again.logs })).toEqual([])
    expect(await read(address, 'nextTokenId')).toBe(11n)
    expect(await read(address, 'totalSupply')).toBe(10n)
  })

  it('rejects an empty batch, one above MAX_BATCH_SIZE and a zero digest', async () => {
    const address = await deploy()
    const max = await read<bigint>(address, 'MAX_BATCH_SIZE')
    expect(max).toBe(1000n)
    expect(await revertOf(simulateMint(address, { start: 1n, quantity: 0, digest: randomDigest() }))).toEqual(
      {
        errorName: 'InvalidBatchQuantity',
        args: [0n],
      },
    )
    expect(
      await revertOf(simulateMint(address, { start: 1n, quantity: max + 1n, digest: randomDigest() })),
    ).toEqual({
      errorName: 'InvalidBatchQuantity',
      args: [max + 1n],
    })
    expect(
      (await revertOf(simulateMint(address, { start: 1n, quantity: 1, digest: `0x${'00'.repeat(32)}` })))
        .errorName,
    ).toBe('ZeroDirDigest')
  })

  it('keeps the batch views cheap for the largest batch', async () => {
    const address = await deploy()
    await mint(address, { start: 1n, quantity: 1, digest: randomDigest() })
    const receipt = await mint(address, { start: 2n, quantity: 1000, digest: randomDigest() })
    expect(receipt.status).toBe('success')
    const lastId = 1001n
    const estimate = (functionName: string, args: readonly unknown[]) =>
      c.client.estimateContractGas({ address, abi, functionName, args, account: admin.address })
    // Worst cases: scanning down 999 ids to the batch start, and up 999 ids to its end.
    expect(await estimate('tokenURI', [lastId])).toBeLessThan(3_000_000n)
    expect(await estimate('batchAt', [2n])).toBeLessThan(3_000_000n)
    expect(await read(address, 'batchAt', [2n])).toEqual([expect.any(String), 1000n])
    expect(await read(address, 'ownerOf', [lastId])).toBe(admin.address)
  })
})

describe('WarrantyCertificate: ERC-721', () => {
  it('transfers with transferFrom, safeTransferFrom and approvals; the URI follows the token', async () => {
    const address = await deploy()
    const digest = randomDigest()
    await mint(address, { start: 1n, quantity: 3, digest })
    const send = async (functionName: string, args: readonly unknown[], wallet = c.asAdmin) => {
      const hash = await wallet.writeContract({ address, abi, functionName, args })
      expect((await c.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    }
    await send('transferFrom', [admin.address, customer, 2n])
    await send('safeTransferFrom', [admin.address, customer, 3n])
    expect(await read(address, 'ownerOf', [1n])).toBe(admin.address)
    expect(await read(address, 'ownerOf', [2n])).toBe(customer)
    expect(await read(address, 'ownerOf', [3n])).toBe(customer)
    expect(await read(address, 'balanceOf', [admin.address])).toBe(1n)
    expect(await read(address, 'balanceOf', [customer])).toBe(2n)
    expect(await read(address, 'tokenURI', [3n])).toBe(`ipfs://${directoryCid(digest)}/3`)

    await send('approve', [stranger.address, 1n])
    expect(await read(address, 'getApproved', [1n])).toBe(stranger.address)
    await send('safeTransferFrom', [admin.address, stranger.address, 1n], c.asStranger)
    expect(await read(address, 'ownerOf', [1n])).toBe(stranger.address)

    const notOwner = await revertOf(
      c.client.simulateContract({
        address,
        abi,
        functionName: 'transferFrom',
        args: [customer, stranger.address, 2n],
        account: stranger.address,
      }),
    )
    expect(notOwner.errorName).toBe('TransferCallerNotOwnerNorApproved')
  })

  it('supports the ERC-165, ERC-721, ERC-721 Metadata and AccessControl interface ids', async () => {
    const address = await deploy()
    for (const id of ['0x01ffc9a7', '0x80ac58cd', '0x5b5e139f', '0x7965db0b']) {
      expect(await read(address, 'supportsInterface', [id])).toBe(true)
    }
    expect(await read(address, 'supportsInterface', ['0xffffffff'])).toBe(false)
    expect(await read(address, 'name')).toBe('Warranty Certificate')
    expect(await read(address, 'symbol')).toBe('WARRANTY')
  })
})
