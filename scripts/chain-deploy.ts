/**
 * Deploys WarrantyCertificate to the chain at CHAIN_RPC_URL with CHAIN_PRIVATE_KEY
 * as admin and minter (npm run chain:deploy). Progress goes to stderr; the last
 * line of stdout is the contract address alone, ready for
 * CERTIFICATE_CONTRACT_ADDRESS.
 *
 * The one script that reads these variables itself: loadConfig() cannot be used
 * because CERTIFICATE_CONTRACT_ADDRESS does not exist yet.
 */
import { deployWarrantyCertificate } from '../src/adapters/chain/deploy.js'
import { redactUrl } from '../src/adapters/chain/evm-connect.js'

function fail(message: string): never {
  process.stderr.write(`chain:deploy failed: ${message}\n`)
  process.exit(1)
}

const rpcUrl = process.env.CHAIN_RPC_URL?.trim()
const privateKey = process.env.CHAIN_PRIVATE_KEY?.trim()
if (!rpcUrl) fail('set CHAIN_RPC_URL to the JSON-RPC URL of the chain')
if (!/^(https?|wss?):\/\//.test(rpcUrl)) fail('CHAIN_RPC_URL must be an http(s):// or ws(s):// URL')
if (!privateKey || !/^0x[0-9a-fA-F]{64}$/.test(privateKey)) {
  fail('set CHAIN_PRIVATE_KEY to the custodial key (0x followed by 64 hex digits)')
}

try {
  process.stderr.write(`connecting to ${redactUrl(rpcUrl)}\n`)
  const result = await deployWarrantyCertificate({
    rpcUrl,
    privateKey: privateKey as `0x${string}`,
    onProgress: (message) => process.stderr.write(`${message}\n`),
  })
  process.stderr.write(
    `chain ${result.chainId}, tx ${result.txHash}, block ${result.blockNumber}; admin and minter: ${result.deployer}\n` +
      `set CERTIFICATE_CONTRACT_ADDRESS=${result.address}\n`,
  )
  process.stdout.write(`${result.address}\n`)
} catch (err) {
  fail(err instanceof Error ? err.message : String(err))
}
