/**
 * An upload (`{imageBase64}`, the OCR route's raw JSON body), opened where the image is read: in a
 * worker's child process (native-worker.ts), so that the service's event loop never parses,
 * validates or base64-decodes it (~25 ms for a 4 MB upload). The checks are the ones the service's
 * own JSON parser and schema validator would make (src/http/request-shape.ts,
 * `TypeBoxValidatorCompiler`) against the route's schema (src/modules/receipts/ocr.schemas.ts,
 * built on the same limits), so a refused body gets the answer it got when the service read it
 * (docs/ocr.md, "The route").
 */
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import secureJson from 'secure-json-parse'
import { Type } from 'typebox'
import type { ErrorDetail } from '../../errors.js'
import { MAX_DETAILS, unstorableText } from '../../lib/storable-text.js'
import { OcrError } from './port.js'

/** Base64 of up to ~3.7 MB of image: the interface's 5,000,000 characters. */
export const IMAGE_BASE64_MAX = 5_000_000
/** The shortest base64 an upload may hold (one group of four characters). */
export const IMAGE_BASE64_MIN = 4

/**
 * What `openUpload` accepts; the route's documented body (`OcrBody`) states the same limits. No
 * `pattern`: a regular expression over 5,000,000 characters takes 30-60 ms; the text is decoded
 * and checked to be canonical base64 instead (400).
 */
const UploadFormat = Type.Object(
  { imageBase64: Type.String({ minLength: IMAGE_BASE64_MIN, maxLength: IMAGE_BASE64_MAX }) },
  { additionalProperties: false },
)

/** A schema failure as the validator reports it (what the service's error handler maps). */
export interface UploadIssue {
  instancePath?: string
  message?: string
  keyword?: string
  schemaPath?: string
  params?: Record<string, unknown>
}

/** Why a body was refused before its image was looked at. */
export type UploadFault =
  | { reason: 'json' }
  /** Text PostgreSQL cannot store (src/lib/storable-text.ts), found before the schema is checked. */
  | { reason: 'unstorable'; details: ErrorDetail[] }
  | { reason: 'schema'; issues: UploadIssue[] }
  | { reason: 'base64' }

const FAULT_MESSAGES: Record<UploadFault['reason'], string> = {
  json: 'The body is not valid JSON',
  unstorable: 'The body holds text that cannot be stored',
  schema: 'The body does not match its schema',
  base64: 'imageBase64 is not valid base64',
}

/** The body is not `{imageBase64}` with canonical base64 in it: the request's fault (400). */
export class OcrUploadError extends OcrError {
  constructor(readonly fault: UploadFault) {
    super('invalid_upload', FAULT_MESSAGES[fault.reason])
    this.name = 'OcrUploadError'
  }
}

const validate = TypeBoxValidatorCompiler({
  schema: UploadFormat,
  method: 'POST',
  url: '/v1/customer/receipts/ocr',
  httpPart: 'body',
}) as (value: unknown) => { value: unknown } | { error: UploadIssue[] }

/**
 * The image's bytes from the route's raw JSON body, or `OcrUploadError`: not JSON (an empty
 * body is no body, prototype poisoning is refused, as the service's parser does), not the
 * schema, or not canonical base64 (a round trip: `Buffer.from` skips what it cannot decode).
 */
export function openUpload(body: Uint8Array): Buffer {
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')
  let value: unknown
  if (text.trim() !== '') {
    try {
      value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' })
    } catch {
      throw new OcrUploadError({ reason: 'json' })
    }
  }
  // As the service does (input-hardening.ts, before validation): unstorable text first.
  const unstorable = unstorableText(value, '/body')
  if (unstorable.length > 0) {
    throw new OcrUploadError({ reason: 'unstorable', details: unstorable.slice(0, MAX_DETAILS) })
  }
  // Fastify hands a validator `null` for an absent body.
  const checked = validate(value === undefined ? null : value)
  if ('error' in checked) {
    const issues = checked.error.map(({ instancePath, message, keyword, schemaPath, params }) => ({
      instancePath,
      message,
      keyword,
      schemaPath,
      params: params ? structuredClone(params) : undefined,
    }))
    throw new OcrUploadError({ reason: 'schema', issues })
  }
  const base64 = (value as { imageBase64: string }).imageBase64
  const bytes = Buffer.from(base64, 'base64')
  if (base64.length % 4 !== 0 || bytes.toString('base64') !== base64) {
    throw new OcrUploadError({ reason: 'base64' })
  }
  return bytes
}
