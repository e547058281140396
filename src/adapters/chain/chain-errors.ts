import {
  type Abi,
  AbiFunctionNotFoundError,
  BaseError,
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  type Hex,
  InvalidAddressError,
  NonceTooHighError,
  NonceTooLowError,
  RawContractError,
} from 'viem'
import { AdapterError } from '../adapter-error.js'
import { ChainRevertError } from './port.js'

export interface DecodedRevert {
  reason: string
  errorName: string | null
  args: readonly unknown[]
}

function formatValue(value: unknown): string {
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
}

function formatCustomError(
  errorName: string,
  abiItem: { inputs?: readonly { name?: string | undefined }[] },
  args: readonly unknown[],
): string {
  const names = abiItem.inputs ?? []
  const parts = args.map((arg, i) => {
    const name = names[i]?.name
    return name ? `${name}: ${formatValue(arg)}` : formatValue(arg)
  })
  return `${errorName}(${parts.join(', ')})`
}

function revertDataOf(err: BaseError): Hex | null {
  let data: Hex | null = null
  err.walk((e) => {
    if (e instanceof RawContractError) {
      const d = typeof e.data === 'object' ? e.data.data : e.data
      if (d) data = d
    }
    const candidate = (e as { data?: unknown }).data
    if (data === null && typeof candidate === 'string' && /^0x[0-9a-f]{8,}$/i.test(candidate))
      data = candidate as Hex
    return false
  })
  return data
}

/** The revert carried by a viem error, decoded with the contract's ABI; null when it is no revert. */
export function decodeRevert(err: unknown, abi: Abi): DecodedRevert | null {
  if (!(err instanceof BaseError)) return null
  const reverted = err.walk(
    (e) => e instanceof ContractFunctionRevertedError,
  ) as ContractFunctionRevertedError | null
  if (reverted) {
    if (reverted.data) {
      const { errorName, args = [], abiItem } = reverted.data
      if (errorName === 'Error' || errorName === 'Panic') {
        return { reason: reverted.reason ?? errorName, errorName: null, args }
      }
      return { reason: formatCustomError(errorName, abiItem as { inputs?: [] }, args), errorName, args }
    }
    if (reverted.signature) {
      return { reason: `unknown custom error ${reverted.signature}`, errorName: null, args: [] }
    }
    return { reason: reverted.reason ?? 'execution reverted without a reason', errorName: null, args: [] }
  }
  const data = revertDataOf(err)
  // A revert that viem did not decode (a raw eth_call or eth_estimateGas): decode it here.
  if (data) return decodeRevert(new ContractFunctionRevertedError({ abi, data, functionName: 'call' }), abi)
  if (err.walk((e) => e instanceof ExecutionRevertedError)) {
    return { reason: err.shortMessage || 'execution reverted', errorName: null, args: [] }
  }
  return null
}

export function isNonceError(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false
  if (err.walk((e) => e instanceof NonceTooLowError || e instanceof NonceTooHighError)) return true
  return /nonce too (low|high)|already known|replacement transaction underpriced|transaction already imported/i.test(
    err.message,
  )
}

/** A short, single-line description of any error (viem messages span many lines). */
export function describe(err: unknown): string {
  if (err instanceof BaseError) {
    const short = err.shortMessage || err.message.split('\n')[0] || err.name
    return err.details && !short.includes(err.details) ? `${short} (${err.details})` : short
  }
  if (err instanceof Error) return err.message
  return String(err)
}

/**
 * Turns anything a viem call threw into an `AdapterError`: a `ChainRevertError`
 * for reverts, not retryable for invalid input, retryable for the rest (network,
 * timeouts, nonce races, rate limits, a node that is behind or out of funds).
 */
export function toAdapterError(err: unknown, action: string, abi: Abi): AdapterError {
  if (err instanceof AdapterError) return err
  const revert = decodeRevert(err, abi)
  if (revert) return new ChainRevertError(revert.reason, revert.errorName, { cause: err })
  if (
    err instanceof BaseError &&
    err.walk((e) => e instanceof InvalidAddressError || e instanceof AbiFunctionNotFoundError)
  ) {
    return new AdapterError(`${action}: ${describe(err)}`, false, { cause: err })
  }
  return new AdapterError(`${action}: ${describe(err)}`, true, { cause: err })
}
