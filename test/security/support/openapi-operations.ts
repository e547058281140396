import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { type ArbitraryContext, asText, fromSchema, type Schema } from './schema-arbitrary.js'

/** The parts of an OpenAPI 3.1 document the fuzzer reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Schema> }
}

interface Parameter {
  in: 'path' | 'query' | 'header'
  name: string
  required?: boolean
  schema?: Schema
}

export interface Operation {
  operationId?: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> }
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>
}

export interface Target {
  method: string
  /** The OpenAPI path, e.g. `/v1/merchant/products/{id}`. */
  path: string
  /** Fastify's route, e.g. `/v1/merchant/products/:id`. */
  route: string
  operation: Operation
}

export function targetsOf(doc: OpenApiDocument): Target[] {
  const found: Target[] = []
  for (const [path, operations] of Object.entries(doc.paths)) {
    // The wildcard `/*` is documented as a named parameter `{path}` (src/http/openapi-document.ts).
    const route = path.replace(/\/\{path\}$/, '/*').replace(/\{(\w+)\}/g, ':$1')
    for (const [verb, operation] of Object.entries(operations)) {
      found.push({ method: verb.toUpperCase(), path, route, operation })
    }
  }
  return found
}

/** One generated request: the URL (path and query), the headers and the body as sent. */
export interface GeneratedRequest {
  url: string
  headers: Record<string, string>
  payload?: string
}

const parameters = (op: Operation, where: Parameter['in']) =>
  (op.parameters ?? []).filter((p) => p.in === where)

function recordOf(params: Parameter[], ctx: ArbitraryContext) {
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const p of params) model[p.name] = fromSchema(p.schema ?? { type: 'string' }, ctx)
  return fc.record(model, { requiredKeys: params.filter((p) => p.required).map((p) => p.name) })
}

/**
 * A path segment as a client can send it: a lone UTF-16 surrogate has no UTF-8 form, so it is
 * sent as U+FFFD (test/api/hostile-input.property.test.ts sends raw surrogate escapes).
 */
const encodeSegment = (text: string) =>
  encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  )

/** Requests for `target` generated from its parameters' and body's schemas. */
export function requestArbitrary(target: Target, ctx: ArbitraryContext): fc.Arbitrary<GeneratedRequest> {
  const op = target.operation
  const content = op.requestBody?.content ?? {}
  const [mediaType] = Object.keys(content)
  const bodySchema = mediaType ? (content[mediaType]?.schema ?? {}) : undefined
  const body =
    mediaType === 'application/json' && bodySchema
      ? fromSchema(bodySchema, ctx)
      : mediaType
        ? fc.string({ maxLength: 400, unit: 'binary' })
        : fc.constant(undefined)
  return fc
    .record({
      path: recordOf(parameters(op, 'path'), ctx),
      query: recordOf(parameters(op, 'query'), ctx),
      headers: recordOf(parameters(op, 'header'), ctx),
      body,
    })
    .map(({ path, query, headers, body }) => {
      let url = target.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const text = asText(path[name])
        // An empty segment would address another route; the wildcard keeps its slashes.
        if (text === '') return 'x'
        return name === 'path' && target.route.endsWith('/*')
          ? text.split('/').map(encodeSegment).join('/')
          : encodeSegment(text)
      })
      const search = new URLSearchParams()
      for (const [name, value] of Object.entries(query)) {
        for (const v of Array.isArray(value) ? value : [value]) search.append(name, asText(v))
      }
      if (search.size > 0) url += `?${search}`
      const sent: Record<string, string> = {}
      for (const [name, value] of Object.entries(headers)) {
        // Header values cannot carry control characters; such a request never leaves a client.
        const text = asText(value)
        if (/^[\x20-\x7e]*$/.test(text)) sent[name] = text
      }
      if (body === undefined) return { url, headers: sent }
      sent['content-type'] = mediaType ?? 'application/json'
      const payload = mediaType === 'application/json' ? JSON.stringify(body) : String(body)
      return { url, headers: sent, payload }
    })
}

/** Validators of each operation's declared responses (by status), compiled once. */
export class ResponseSchemas {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true })
  private readonly cache = new Map<string, ValidateFunction | null>()

  constructor(private readonly doc: OpenApiDocument) {
    addFormats.default(this.ajv)
  }

  /**
   * Why the answer breaks the operation's declaration (status not declared, body not its
   * schema), or null when it fits.
   */
  check(target: Target, status: number, contentType: string, body: string): string | null {
    const response = target.operation.responses?.[String(status)] ?? target.operation.responses?.default
    if (!response) return `status ${status} is not declared`
    const json = response.content?.['application/json']
    if (!json?.schema) return null
    if (!contentType.startsWith('application/json')) return `declared JSON, answered ${contentType}`
    const validate = this.validator(`${target.method} ${target.path} ${status}`, json.schema)
    let value: unknown
    try {
      value = JSON.parse(body)
    } catch {
      return 'the body is not JSON'
    }
    if (validate && !validate(value)) return `schema: ${this.ajv.errorsText(validate.errors)}`
    return null
  }

  private validator(key: string, schema: Schema): ValidateFunction | null {
    if (!this.cache.has(key)) {
      // `#/components/schemas/X` resolves against this root, which carries the components.
      this.cache.set(key, this.ajv.compile({ ...schema, components: this.doc.components }))
    }
    return this.cache.get(key) ?? null
  }
}

/** What no answer may contain: stack traces, SQL, paths, hashes, secrets. */
export function leakIn(body: string, secrets: string[]): string | null {
  const patterns: [string, RegExp][] = [
    ['a stack trace', /\n\s+at |\bat [\w.<>]+ \([^)]*:\d+:\d+\)/],
    ['a source path', /\/(home|work|root|usr|opt|srv)\/\S+|node_modules|dist\/src\/|src\/modules\//],
    ['a temporary folder', /\/tmp\/[\w.-]+\//],
    [
      'SQL or a database message',
      /syntax error at or near|violates \w+ constraint|duplicate key value|relation "\w+"|column "\w+"|\bselect\s.{0,120}\sfrom\s+"?\w+"?\s+(where|limit|order)\b|DrizzleQueryError|Failed query/i,
    ],
    ['a password or token hash', /\$argon2|password_?hash|token_?hash/i],
  ]
  for (const [what, pattern] of patterns) if (pattern.test(body)) return what
  for (const secret of secrets) if (body.includes(secret)) return 'a configured secret'
  return null
}
