import { parseArgs } from 'node:util'
import { createPublicClient, getAddress, http, isAddress } from 'viem'
import { deployWarrantyCertificate, redactUrl } from '../adapters/chain/index.js'
import { hex, url } from '../config/parse.js'
import { type CliContext, UsageError } from './cli-io.js'

/** Whether `address` holds contract code on the chain at `rpcUrl`. */
async function hasCode(rpcUrl: string, address: `0x${string}`): Promise<boolean> {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 15_000, retryCount: 2 }) })
  const code = await client.getCode({ address })
  return code !== undefined && code !== '0x'
}

/**
 * `deploy-contract [--if-deployed <address>]`: deploys WarrantyCertificate to CHAIN_RPC_URL with
 * CHAIN_PRIVATE_KEY as admin and minter. Progress goes to stderr; the last line of stdout is the
 * contract address alone, ready for CERTIFICATE_CONTRACT_ADDRESS. With `--if-deployed`, a chain
 * that already has code at that address is left alone (a compose stack restarted on its chain).
 * The one command that does not load the whole configuration: CERTIFICATE_CONTRACT_ADDRESS,
 * which it requires with CHAIN_RPC_URL, does not exist yet.
 */
export async function deployContractCommand(ctx: CliContext, argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { 'if-deployed': { type: 'string' } } })
  const expected = values['if-deployed']
  if (expected !== undefined && !isAddress(expected, { strict: false }))
    throw new UsageError(`--if-deployed must be an address, got "${expected}"`)
  const rpcUrl = url(ctx.io.env, 'CHAIN_RPC_URL', ['http:', 'https:', 'ws:', 'wss:'])
  const privateKey = hex(ctx.io.env, 'CHAIN_PRIVATE_KEY', 32)
  if (!rpcUrl) throw new UsageError('set CHAIN_RPC_URL to the JSON-RPC URL of the chain')
  if (!privateKey)
    throw new UsageError('set CHAIN_PRIVATE_KEY to the custodial key (0x followed by 64 hex digits)')
  ctx.io.err(`connecting to ${redactUrl(rpcUrl)}`)
  if (expected && (await hasCode(rpcUrl, getAddress(expected)))) {
    ctx.io.err(`the chain has a contract at ${getAddress(expected)} already: nothing deployed`)
    ctx.io.out(getAddress(expected))
    return 0
  }
  const result = await deployWarrantyCertificate({
    rpcUrl,
    privateKey,
    onProgress: (message) => ctx.io.err(message),
  })
  ctx.io.err(
    `chain ${result.chainId}, tx ${result.txHash}, block ${result.blockNumber}; admin and minter: ${result.deployer}\n` +
      `set CERTIFICATE_CONTRACT_ADDRESS=${result.address}`,
  )
  if (expected && getAddress(expected) !== result.address)
    ctx.io.err(`note: deployed at ${result.address}, not at ${getAddress(expected)}`)
  ctx.io.out(result.address)
  return 0
}
