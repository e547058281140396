import fc from 'fast-check'

/**
 * fast-check arbitraries from the JSON schemas of the OpenAPI document (the keywords the
 * service's TypeBox schemas use: type, enum, const, anyOf, format, pattern, length and range
 * limits, items, properties, required, additionalProperties, $ref). Mostly values that fit the
 * schema, so that requests get past validation into the handlers; sometimes values that break
 * it (a wrong type, one character too many, an undeclared property, hostile text), so that the
 * refusals are exercised too. Strings of format uuid and other ids are sometimes drawn from a
 * pool of real values (`known`), so that generated requests hit real rows.
 */
export type Schema = Record<string, unknown>

export interface ArbitraryContext {
  /** Resolves `#/components/schemas/X`. */
  components: Record<string, Schema>
  /** Real values seen in valid requests (ids, tokens, e-mails, codes). */
  known: string[]
}

/** Text that has broken services elsewhere: injections, traversals, odd Unicode, big numbers as text. */
export const HOSTILE_TEXT = [
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '"; SELECT pg_sleep(1); --',
  '$1',
  '%s%s%s%n',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '$'.concat('{jndi:ldap://x}'),
  '__proto__',
  'constructor',
  '\u202e\u0000',
  '\ud800',
  'ﬀ'.repeat(50),
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '',
  ' ',
]

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.string({ minLength: 300, maxLength: 600 }),
)

/** Any JSON value: what a schema-less attacker sends. */
const anyJson = fc.jsonValue({ maxDepth: 2 })

const asSchema = (v: unknown): Schema => (v && typeof v === 'object' ? (v as Schema) : {})

export function resolve(schema: Schema, ctx: ArbitraryContext): Schema {
  const ref = schema.$ref
  if (typeof ref !== 'string') return schema
  const name = ref.replace('#/components/schemas/', '')
  return resolve(asSchema(ctx.components[name]), ctx)
}

function formatted(format: string, ctx: ArbitraryContext): fc.Arbitrary<string> | null {
  const fromPool = ctx.known.length > 0 ? [fc.constantFrom(...ctx.known)] : []
  switch (format) {
    case 'uuid':
      return fc.oneof(
        { arbitrary: fc.uuid(), weight: 1 },
        ...fromPool.map((a) => ({ arbitrary: a, weight: 2 })),
      )
    case 'email':
      return fc.oneof(fc.emailAddress(), ...fromPool.map((a) => a.filter((v) => v.includes('@'))))
    case 'date-time':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString())
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10))
    case 'uri':
      return fc.oneof(fc.webUrl(), fc.constantFrom('http://127.0.0.1:1/x', 'file:///etc/passwd', 'ipfs://x'))
    default:
      return null
  }
}

function stringArbitrary(schema: Schema, ctx: ArbitraryContext): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 64
  const byFormat = typeof schema.format === 'string' ? formatted(schema.format, ctx) : null
  if (byFormat) return byFormat
  const options: fc.Arbitrary<string>[] = []
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern)
    options.push(
      fc
        .stringMatching(pattern, { size: 'small' })
        .filter((s) => s.length >= minLength && s.length <= maxLength),
    )
  } else {
    options.push(fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40) }))
  }
  // Ids that are not uuids (claim ids, tokens, codes) and the pool's real values.
  if (ctx.known.length > 0) options.push(fc.constantFrom(...ctx.known))
  return fc.oneof(...options)
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1e6
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1e6
  if (schema.type === 'integer') return fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 100) / 100)
}

function objectArbitrary(schema: Schema, ctx: ArbitraryContext, depth: number): fc.Arbitrary<unknown> {
  const properties = asSchema(schema.properties)
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : []
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [name, sub] of Object.entries(properties))
    model[name] = fromSchema(asSchema(sub), ctx, depth + 1)
  return fc.record(model, { requiredKeys: required.filter((k) => k in model) })
}

/** A value that fits `schema` (up to fast-check's shrinking), or, about one time in eight, one that does not. */
export function fromSchema(schema: Schema, ctx: ArbitraryContext, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fitting(resolve(schema, ctx), ctx, depth), weight: 7 },
    { arbitrary: fc.oneof(hostileString, anyJson), weight: depth > 2 ? 0 : 1 },
  )
}

function fitting(schema: Schema, ctx: ArbitraryContext, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum)
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.anyOf) && schema.anyOf.length > 0) {
    return fc.oneof(...schema.anyOf.map((s) => fromSchema(asSchema(s), ctx, depth + 1)))
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, ctx)
    case 'integer':
    case 'number':
      return numberArbitrary(schema)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, minLength + 4)
      return fc.array(fromSchema(asSchema(schema.items), ctx, depth + 1), { minLength, maxLength })
    }
    case 'object':
      return objectArbitrary(schema, ctx, depth)
    default:
      return depth > 2 ? fc.constant(null) : anyJson
  }
}

/** A query or path value as text (what a URL can carry). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value
  return JSON.stringify(value) ?? ''
}
