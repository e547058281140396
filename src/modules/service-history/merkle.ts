import { concat, type Hex, keccak256 } from 'viem'

/**
 * The Merkle tree the ServiceHistoryAnchor contract checks: leaf = keccak256 of the event
 * file's bytes, a parent = keccak256 of its two children in ascending order, an odd node out
 * moves up as it is. Anyone can rebuild it from the pinned files alone.
 */
export const leafOf = (bytes: Uint8Array): Hex => keccak256(bytes)

const parent = (a: Hex, b: Hex): Hex =>
  a.toLowerCase() < b.toLowerCase() ? keccak256(concat([a, b])) : keccak256(concat([b, a]))

function levels(leaves: readonly Hex[]): Hex[][] {
  if (leaves.length === 0) throw new Error('a Merkle tree needs a leaf')
  const all: Hex[][] = [[...leaves]]
  for (let level = all[0] ?? []; level.length > 1; ) {
    const next: Hex[] = []
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Hex
      const right = level[i + 1]
      next.push(right === undefined ? left : parent(left, right))
    }
    all.push(next)
    level = next
  }
  return all
}

export function merkleRoot(leaves: readonly Hex[]): Hex {
  return levels(leaves).at(-1)?.[0] as Hex
}

/** The sibling hashes from leaf `index` up to the root. */
export function merkleProof(leaves: readonly Hex[], index: number): Hex[] {
  const proof: Hex[] = []
  let i = index
  for (const level of levels(leaves).slice(0, -1)) {
    const sibling = level[i % 2 === 0 ? i + 1 : i - 1]
    if (sibling !== undefined) proof.push(sibling)
    i = Math.floor(i / 2)
  }
  return proof
}

export function verifyProof(leaf: Hex, proof: readonly Hex[], root: Hex): boolean {
  return (
    proof.reduce<Hex>((hash, sibling) => parent(hash, sibling), leaf).toLowerCase() === root.toLowerCase()
  )
}
