import { createPublicClient, createWalletClient, http, type PrivateKeyAccount } from 'viem'
import { foundry } from 'viem/chains'
import { loadArtifact } from '../../src/adapters/chain/artifacts.js'
import { claimThrough } from './customer-factories.js'
import { createMerchantWithUsers, uniqueEmail } from './factories.js'
import type { TestService } from './harness.js'
import { claimIdsOf, issueWarranty } from './warranty-factories.js'

/** Anvil's dev accounts #1..#9 (public keys of the well-known test mnemonic): outside users. */
export const OUTSIDE_KEYS = [
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
] as const

/** A customer signed in through the claim link of a warranty of a new merchant. */
export async function signedInCustomer(svc: TestService, label = 'owner') {
  const tenant = await createMerchantWithUsers(svc.deps, `${label} shop`)
  const email = uniqueEmail(label)
  const warranty = await issueWarranty(svc, tenant.owner, { customerEmail: email })
  const [claimId] = await claimIdsOf(svc.deps.db, warranty.id)
  const session = await claimThrough(svc, claimId ?? '')
  return { ...tenant, email, warranty, token: session.token as string, id: session.user.id as string }
}

export function rpcUrlOf(svc: TestService): string {
  const node = svc.deps.chain.node
  if (!node) throw new Error('the test service has no embedded node')
  return node.rpcUrl
}

export function clientsOf(svc: TestService, account: PrivateKeyAccount) {
  const transport = http(rpcUrlOf(svc))
  return {
    publicClient: createPublicClient({ chain: foundry, transport, pollingInterval: 50 }),
    walletClient: createWalletClient({ chain: foundry, transport, account }),
  }
}

/** Asks for a SIWE challenge for `address` and answers the message. */
export async function challengeFor(svc: TestService, token: string, address: string): Promise<string> {
  const res = await svc.request({
    method: 'POST',
    url: '/v1/customer/wallets/challenge',
    token,
    payload: { address },
  })
  if (res.statusCode !== 200) throw new Error(`challenge answered ${res.statusCode}: ${res.body}`)
  return res.json().message as string
}

export function postLink(svc: TestService, token: string, message: string, signature: string) {
  return svc.request({ method: 'POST', url: '/v1/customer/wallets', token, payload: { message, signature } })
}

/** Links an externally owned account to the customer (challenge, signature, link). */
export async function linkAccount(
  svc: TestService,
  token: string,
  account: PrivateKeyAccount,
): Promise<void> {
  const message = await challengeFor(svc, token, account.address)
  const res = await postLink(svc, token, message, await account.signMessage({ message }))
  if (res.statusCode !== 201) throw new Error(`link answered ${res.statusCode}: ${res.body}`)
}

/** Deploys the EIP-1271 test wallet owned by `owner`, from `deployer`; answers its address. */
export async function deploySmartWallet(svc: TestService, deployer: PrivateKeyAccount, owner: string) {
  const artifact = await loadArtifact('TestSmartWallet')
  const { publicClient, walletClient } = clientsOf(svc, deployer)
  const hash = await walletClient.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [owner],
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (!receipt.contractAddress) throw new Error('no contract deployed')
  return receipt.contractAddress
}
