import { randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import { createWalletClient, http, keccak256, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_DEV_PRIVATE_KEY } from '../../src/adapters/chain/anvil.js'
import { loadArtifact } from '../../src/adapters/chain/artifacts.js'
import type { ChainHandle } from '../../src/adapters/chain/index.js'
import type { Db } from '../../src/db/client.js'
import { type WarrantyRow, warranties } from '../../src/db/schema/index.js'
import { generateWarrantyCode } from '../../src/modules/warranties/warranty-code.js'

/**
 * Warranty rows as issuance leaves them (mint PENDING), written directly: the minting tests
 * exercise the pipeline, not the issue route. Personal data is filled in on purpose, so that
 * the tests can show none of it reaches the chain or IPFS.
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
