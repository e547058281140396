/**
 * `npm run chain:deploy`: `warranty deploy-contract` from the sources (src/cli/chain-commands.ts).
 * Deploys WarrantyCertificate to CHAIN_RPC_URL with CHAIN_PRIVATE_KEY as admin and minter; the
 * last line of stdout is the contract address alone, ready for CERTIFICATE_CONTRACT_ADDRESS.
 */
import { main } from '../src/cli/warranty.js'

await main(['deploy-contract', ...process.argv.slice(2)])
