/**
 * Post-processing of the generated OpenAPI document, so that generated clients get named types
 * and usable paths: every schema with a `title` becomes a component (`#/components/schemas/X`)
 * referenced wherever it was written inline, and Fastify's wildcard segment `{*}` becomes a
 * named path parameter `{path}`.
 */
type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A stable text of a schema, to tell two shapes that share a title apart. */
function shape(schema: Json): string {
  return JSON.stringify(schema, Object.keys(schema).sort())
}

/**
 * Moves every titled inline schema into `components.schemas` under its title and replaces it by
 * a `$ref`. Two different shapes under one title would be a bug in the schema files: the first
 * wins, and the others stay inline (test/api/openapi.test.ts checks there are none).
 */
export function hoistTitledSchemas(doc: Json): Json {
  const components = (isObject(doc.components) ? doc.components : {}) as Json
  const schemas = (isObject(components.schemas) ? components.schemas : {}) as Json
  const seen = new Map<string, string>()
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit)
    if (!isObject(node)) return node
    const out: Json = {}
    for (const [key, value] of Object.entries(node)) out[key] = visit(value)
    const title = typeof out.title === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(out.title) ? out.title : null
    if (!title || out.$ref) return out
    const text = shape(out)
    const known = seen.get(title)
    if (known === undefined) {
      seen.set(title, text)
      schemas[title] = out
    } else if (known !== text) {
      return out
    }
    return { $ref: `#/components/schemas/${title}` }
  }
  const paths = visit(doc.paths)
  // Components may refer to titled schemas too (fastify's shared schemas).
  for (const [name, schema] of Object.entries(schemas)) {
    if (isObject(schema) && schema.title !== name) schemas[name] = visit(schema)
  }
  return { ...doc, paths, components: { ...components, schemas } }
}

/** Renames Fastify's wildcard `{*}` to a declared path parameter `{path}`. */
export function nameWildcardParameters(doc: Json): Json {
  if (!isObject(doc.paths)) return doc
  const paths: Json = {}
  for (const [url, item] of Object.entries(doc.paths)) {
    if (!url.includes('{*}') || !isObject(item)) {
      paths[url] = item
      continue
    }
    const renamed: Json = {}
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue
      const parameters = Array.isArray(operation.parameters) ? operation.parameters : []
      renamed[method] = {
        ...operation,
        parameters: [
          ...parameters.filter((p) => !(isObject(p) && p.in === 'path' && p.name === '*')),
          {
            in: 'path',
            name: 'path',
            required: true,
            description: 'The rest of the path (names through directories), e.g. a token id',
            schema: { type: 'string', minLength: 1 },
          },
        ],
      }
    }
    paths[url.replace('{*}', '{path}')] = renamed
  }
  return { ...doc, paths }
}
