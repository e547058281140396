import type { ErrorDetail } from '../errors.js'

/**
 * Text PostgreSQL cannot store in a UTF-8 database: a NUL, or an unpaired UTF-16 surrogate
 * (no UTF-8 form). Checked at the edge of the app (src/http/input-hardening.ts) and by the OCR
 * worker's child on the route's raw body (src/adapters/ocr/upload.ts), with the same details.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const NUL = String.fromCharCode(0)
export const UNSTORABLE_TEXT = 'must not contain a NUL character or an unpaired UTF-16 surrogate'
const UNSTORABLE_NAME = 'has a property name with a NUL character or an unpaired UTF-16 surrogate'
/** Enough to say what is wrong without building a huge answer for a huge body. */
export const MAX_DETAILS = 20

/** Whether PostgreSQL can store this text in a UTF-8 database (text, varchar, jsonb). */
export function isStorableText(text: string): boolean {
  return !text.includes(NUL) && !LONE_SURROGATE.test(text)
}

const escapePointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')

/**
 * Every string (and property name) of `root` that PostgreSQL cannot store, as validation
 * details under `base` (`/body`, `/querystring`, `/params`). Iterative: a deeply nested body
 * cannot overflow the stack.
 */
export function unstorableText(root: unknown, base: string): ErrorDetail[] {
  const found: ErrorDetail[] = []
  // The flag marks an unstorable property name, reported in document order with the rest.
  const stack: [unknown, string, boolean][] = [[root, base, false]]
  while (stack.length > 0 && found.length < MAX_DETAILS) {
    const [value, path, badName] = stack.pop() as [unknown, string, boolean]
    if (badName) {
      found.push({ path, message: UNSTORABLE_NAME })
    } else if (typeof value === 'string') {
      if (!isStorableText(value)) found.push({ path, message: UNSTORABLE_TEXT })
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}/${i}`, false])
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      // Query and params objects have their own (null) prototypes: any object but raw bytes is walked.
      const entries = Object.entries(value)
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown]
        if (isStorableText(key)) stack.push([child, `${path}/${escapePointer(key)}`, false])
        else stack.push([undefined, path, true])
      }
    }
  }
  return found
}
