import { createServer } from 'node:net'

/** A port this process wants to listen on, and the setting that chose it (named when it is taken). */
export interface WantedPort {
  setting: string
  host: string
  port: number
}

/** A port that another process holds (or that may not be used): the message names the setting. */
export class PortUnavailableError extends Error {
  constructor(
    readonly wanted: WantedPort,
    readonly code: string,
  ) {
    const { setting, host, port } = wanted
    const why =
      code === 'EADDRINUSE'
        ? 'is already in use (another instance of the service, or another program, listens there)'
        : `cannot be listened on (${code})`
    super(`${setting}: ${host}:${port} ${why}; set ${setting} to another port`)
    this.name = 'PortUnavailableError'
  }
}

/** The error to report for a failed listen: a `PortUnavailableError` naming the setting, or `err` itself. */
export function listenError(err: unknown, wanted: WantedPort): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code
  if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
    return new PortUnavailableError(wanted, code)
  }
  return err
}

/**
 * Checks, by listening and letting go at once, that each port can be listened on; throws a
 * `PortUnavailableError` naming the setting of the first that cannot. Port 0 (any free port) is
 * always available. Done before the start writes anything, so a clash stops it clean; the real
 * listen reports a clash the same way (the port may be taken in between).
 */
export async function assertPortsAvailable(ports: readonly WantedPort[]): Promise<void> {
  for (const wanted of ports) {
    if (wanted.port === 0) continue
    await new Promise<void>((resolve, reject) => {
      const probe = createServer()
      probe.once('error', (err) => reject(listenError(err, wanted)))
      probe.listen({ host: wanted.host, port: wanted.port, exclusive: true }, () =>
        probe.close(() => resolve()),
      )
    })
  }
}
