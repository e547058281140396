import { createHash } from 'node:crypto'
import { AdapterError } from '../adapter-error.js'

const KEY = /^[0-9a-f]{64}$/
/** `type/subtype` with optional parameters, printable ASCII only (it is stored and sent as a header). */
const CONTENT_TYPE = /^[A-Za-z0-9][\w!#$&^.+-]*\/[A-Za-z0-9][\w!#$&^.+-]*(?:\s*;[\x20-\x7e]*)?$/

/** The key of some bytes: their SHA-256, lower-case hex. */
export function blobKey(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** Whether `key` can name a blob (anything else is never found, and never reaches a path or a URL). */
export function isBlobKey(key: string): boolean {
  return KEY.test(key)
}

/** Refuses a content type that could not be stored or sent back as a header. */
export function checkContentType(contentType: string): void {
  if (contentType.length > 200 || !CONTENT_TYPE.test(contentType)) {
    throw new AdapterError(`not a content type: ${JSON.stringify(contentType.slice(0, 80))}`, false)
  }
}
