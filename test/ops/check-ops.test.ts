/**
 * `npm run lint:ops` (scripts/check-ops.ts): the committed Dockerfile, compose.yaml and
 * ops/k8s manifests pass, and each check fails on a deliberate violation, so that a green
 * run means something.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkCompose, checkDockerfile, checkKubernetes, readKubernetesDir } from '../../scripts/check-ops.js'

const root = join(import.meta.dirname, '../..')
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8')
const compose = readFileSync(join(root, 'compose.yaml'), 'utf8')
const k8s = readKubernetesDir(join(root, 'ops/k8s'))

describe('Dockerfile', () => {
  it('passes', () => expect(checkDockerfile(dockerfile, root)).toEqual([]))

  it('fails on a COPY of something the build context does not have', () => {
    expect(checkDockerfile(dockerfile.replace('COPY web ./web', 'COPY webapp ./web'), root)).toContain(
      'Dockerfile:19: COPY webapp: not in the build context',
    )
  })

  it.each([
    ['a root user', dockerfile.replace('USER node', 'USER root'), /non-root USER/],
    ['no HEALTHCHECK', dockerfile.replace(/^HEALTHCHECK[^\n]*\\\n[^\n]*\n/m, ''), /HEALTHCHECK on \/health/],
    ['ADD', dockerfile.replace('COPY drizzle ./drizzle', 'ADD drizzle ./drizzle'), /COPY instead of ADD/],
    ['an unpinned apt package', dockerfile.replace('tini=0.19.*', 'tini'), /pin the version of tini/],
    ['dev dependencies at run time', dockerfile.replace('npm ci --omit=dev', 'npm ci'), /--omit=dev/],
    ['no tini', dockerfile.replace('ENTRYPOINT ["/usr/bin/tini", "--"]', 'ENTRYPOINT []'), /tini is PID 1/],
    ['an unknown instruction', `${dockerfile}\nRUNN echo\n`, /dockerfile-utils/],
  ])('fails with %s', (_, text, problem) => {
    expect(checkDockerfile(text).join('\n')).toMatch(problem)
  })
})

describe('compose.yaml', () => {
  it('passes', () => expect(checkCompose(compose)).toEqual([]))

  it('fails on a property the Compose Specification does not have', () => {
    expect(checkCompose(compose.replace('read_only: true', 'readonly: true')).join('\n')).toMatch(
      /must NOT have additional properties.*readonly/,
    )
  })

  it('fails on a malformed duration', () => {
    expect(checkCompose(compose.replace('interval: 5s', 'interval: 5 seconds')).join('\n')).toMatch(
      /interval: must match format "duration"/,
    )
  })

  it('fails without a worker process', () => {
    expect(checkCompose(compose.replace('"--role", "worker"', '"--role", "all"'))).toContain(
      'compose.yaml: no service runs a worker process (--role worker)',
    )
  })
})

describe('ops/k8s', () => {
  const edit = (name: string, from: string | RegExp, to: string) =>
    k8s.map((f) => (f.name.endsWith(name) ? { ...f, text: f.text.replace(from, to) } : f))

  it('passes', async () => expect(await checkKubernetes(k8s)).toEqual([]))

  it('fails on a value of the wrong type', async () => {
    expect((await checkKubernetes(edit('api.yaml', 'replicas: 2', 'replicas: two'))).join('\n')).toMatch(
      /api\.yaml#1 \(Deployment warranty-api\): .*replicas must be integer/,
    )
  })

  it('fails on a missing required field', async () => {
    expect((await checkKubernetes(edit('api.yaml', /\n {2}selector:\n(.*\n){3}/, '\n'))).join('\n')).toMatch(
      /spec must have required property selector/,
    )
  })

  it('fails when the liveness probe is not GET /health', async () => {
    expect(await checkKubernetes(edit('api.yaml', /path: \/health/g, 'path: /ready'))).toContain(
      'k8s: the API liveness probe is GET /health',
    )
  })

  it('fails on an unknown kind', async () => {
    expect((await checkKubernetes(edit('api.yaml', 'kind: Service', 'kind: Servise'))).join('\n')).toMatch(
      /unknown kind v1 Servise/,
    )
  })
})
