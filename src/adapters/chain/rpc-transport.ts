import { http, type Transport, webSocket } from 'viem'

export interface RpcTransport {
  transport: Transport
  /** Closes the socket of a WebSocket transport (it would keep the process alive); no-op for HTTP. */
  close(): Promise<void>
}

/** http(s):// → HTTP with JSON-RPC batching; ws(s):// → one WebSocket that reconnects. */
export function rpcTransport(url: string, options: { timeoutMs?: number } = {}): RpcTransport {
  const timeout = options.timeoutMs ?? 15_000
  if (/^wss?:\/\//i.test(url)) {
    const transport = webSocket(url, {
      timeout,
      retryCount: 2,
      retryDelay: 100,
      keepAlive: true,
      reconnect: true,
    })
    let used = false
    const tracked: Transport = (params) => {
      used = true
      return transport(params)
    }
    return {
      transport: tracked,
      async close() {
        if (!used) return
        const { value } = transport({})
        const rpc = await value?.getRpcClient()
        rpc?.close()
      },
    }
  }
  return {
    transport: http(url, { batch: true, timeout, retryCount: 2, retryDelay: 100 }),
    close: async () => {},
  }
}
