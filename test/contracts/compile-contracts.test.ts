import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { artifactsDir, EVM_VERSION, ensureContractsCompiled } from '../../scripts/compile-contracts.js'
import { loadArtifact } from '../../src/adapters/chain/artifacts.js'

describe('scripts/compile-contracts', () => {
  it('writes one artifact per contract and is a fast no-op when nothing changed', async () => {
    const first = await ensureContractsCompiled()
    expect(first.contracts).toEqual([
      'ServiceHistoryAnchor',
      'TestSmartWallet',
      'UriStorageCertificate',
      'WarrantyCertificate',
    ])
    const started = performance.now()
    const second = await ensureContractsCompiled()
    expect(second).toEqual({ ...first, compiled: false })
    expect(performance.now() - started).toBeLessThan(500)

    const file = JSON.parse(
      await readFile(join(artifactsDir(), 'WarrantyCertificate.json'), 'utf8'),
    ) as Record<string, unknown>
    expect(Object.keys(file).sort()).toEqual([
      'abi',
      'bytecode',
      'compiler',
      'contractName',
      'deployedBytecode',
      'sourceHash',
    ])
    expect(file).toMatchObject({
      contractName: 'WarrantyCertificate',
      bytecode: expect.stringMatching(/^0x[0-9a-f]+$/),
      compiler: {
        version: expect.stringMatching(/^0\.8\.37\+/),
        settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: EVM_VERSION },
      },
      sourceHash: first.sourceHash,
    })
  })

  it('loads an artifact with its ABI', async () => {
    const artifact = await loadArtifact('WarrantyCertificate')
    const functions = artifact.abi.flatMap((item) => (item.type === 'function' ? [item.name] : []))
    expect(functions).toEqual(
      expect.arrayContaining([
        'mintBatch',
        'nextTokenId',
        'batchDigestOf',
        'batchAt',
        'tokenURI',
        'safeTransferFrom',
      ]),
    )
  })
})
