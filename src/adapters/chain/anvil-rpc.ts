import { AdapterError } from '../adapter-error.js'

/** One JSON-RPC call to an anvil node (its own `anvil_*` methods included), bounded to 5 s by default. */
export async function anvilRpc(
  rpcUrl: string,
  method: string,
  params: unknown[] = [],
  timeoutMs = 5_000,
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (err) {
    throw new AdapterError(`anvil ${method} failed: ${String(err)}`, true, { cause: err })
  }
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new AdapterError(`anvil ${method} failed: ${body.error.message}`, true)
  return body.result
}
