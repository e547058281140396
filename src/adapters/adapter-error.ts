/**
 * The error every port throws. `retryable` says whether trying again later can
 * help (a connection refused, a 4xx SMTP answer, an RPC timeout) or not (a 5xx
 * SMTP answer, a reverted transaction, a malformed CID).
 */
export class AdapterError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'AdapterError'
  }
}

/**
 * The adapter was closed (the service is stopping): nothing was attempted, so the caller
 * should leave the work for later without counting it as an attempt.
 */
export class AdapterClosedError extends AdapterError {
  constructor(what: string) {
    super(`${what} is closed`, true)
    this.name = 'AdapterClosedError'
  }
}
