import { connect, createServer, type Server, type Socket } from 'node:net'

/**
 * A loopback TCP proxy that a test can cut and restore, to make a real dependency
 * (PostgreSQL, an RPC node, an SMTP server) unreachable for a while.
 */
export interface TcpProxy {
  port: number
  /** Closes every open connection and refuses new ones until `restore`. */
  cut(): void
  /** Stops forwarding on every open connection without closing it (a silent partition). */
  stall(): void
  restore(): void
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  const pairs = new Set<[Socket, Socket]>()
  let up = true
  const server: Server = createServer((client) => {
    if (!up) {
      client.destroy()
      return
    }
    const upstream = connect(target.port, target.host)
    sockets.add(client).add(upstream)
    const pair: [Socket, Socket] = [client, upstream]
    pairs.add(pair)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
      pairs.delete(pair)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('proxy did not bind')
  return {
    port: address.port,
    cut() {
      up = false
      for (const s of sockets) s.destroy()
      sockets.clear()
    },
    stall() {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream)
        upstream.unpipe(client)
        client.pause()
        upstream.pause()
      }
    },
    restore() {
      up = true
    },
    close: () =>
      new Promise<void>((resolve) => {
        up = false
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
