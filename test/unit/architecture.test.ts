import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../../src/paths.js'

const bin = (name: string) => join(projectRoot, 'node_modules', '.bin', name)
const dirs: string[] = []

/** A throw-away project: the repository's architecture configuration and the given sources. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'wt-architecture-'))
  dirs.push(dir)
  for (const config of ['.dependency-cruiser.cjs', '.jscpd.json', 'tsconfig.json']) {
    cpSync(join(projectRoot, config), join(dir, config))
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

function run(cwd: string, command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 60_000 })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

const depcruise = (cwd: string) =>
  run(cwd, bin('depcruise'), ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'])

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('npm run lint:architecture', () => {
  it('passes on the repository as it is', () => {
    const result = run(projectRoot, 'npm', ['run', '--silent', 'lint:architecture'])
    expect(result.output).toContain('no dependency violations found')
    expect(result.status).toBe(0)
  }, 120_000)

  it('fails on a reach into another module’s internals, naming the rule', () => {
    const dir = project({
      'src/modules/a/a.service.ts': 'export const a = 1\n',
      'src/modules/a/index.ts': "export { a } from './a.service.js'\n",
      'src/modules/b/b.service.ts': "import { a } from '../a/a.service.js'\nexport const b = a + 1\n",
    })
    const result = depcruise(dir)
    expect(result.status).not.toBe(0)
    expect(result.output).toContain('modules-only-through-index')
    expect(result.output).toContain('src/modules/b/b.service.ts → src/modules/a/a.service.ts')
  }, 60_000)

  it('fails on an import cycle, even through index files', () => {
    const dir = project({
      'src/modules/a/index.ts': "import { b } from '../b/index.js'\nexport const a = () => b\n",
      'src/modules/b/index.ts': "import { a } from '../a/index.js'\nexport const b = () => a\n",
    })
    const result = depcruise(dir)
    expect(result.status).not.toBe(0)
    expect(result.output).toContain('no-cycles')
  }, 60_000)

  it('fails when a feature imports the composition root', () => {
    const dir = project({
      'src/features.ts': 'export const list = []\n',
      'src/modules/a/index.ts': "import { list } from '../../features.js'\nexport const a = list\n",
    })
    const result = depcruise(dir)
    expect(result.status).not.toBe(0)
    expect(result.output).toContain('no-composition-root-from-features')
  }, 60_000)

  it('fails on logic written twice (jscpd, 0 % threshold)', () => {
    const body = Array.from(
      { length: 8 },
      (_, i) => `  total += values[${i}] * ${i + 3} - offset / ${i + 1}`,
    ).join('\n')
    const twice = (name: string) =>
      `export function ${name}(values: number[], offset: number): number {\n  let total = 0\n${body}\n  return total\n}\n`
    const dir = project({ 'src/one.ts': twice('one'), 'src/two.ts': twice('two') })
    const result = run(dir, bin('jscpd'), ['src'])
    expect(result.status).not.toBe(0)
    expect(result.output).toMatch(/Clone found|too many duplicates/)
  }, 60_000)

  it('fails when the HTTP layer imports a feature (no-http-to-modules)', () => {
    const dir = project({
      'src/modules/users/index.ts': 'export const findUser = (id: string) => id\n',
      'src/http/auth.ts':
        "import { findUser } from '../modules/users/index.js'\nexport const guard = findUser\n",
    })
    const result = depcruise(dir)
    expect(result.status).not.toBe(0)
    expect(result.output).toContain('no-http-to-modules')
    expect(result.output).toContain('src/http/auth.ts → src/modules/users/index.ts')
  }, 60_000)

  it('fails on drizzle-orm or pg outside a repository and src/db (sql-only-in-repositories)', () => {
    // No node_modules here: the packages stay unresolved and the rule matches them by name (in
    // the repository it matches their resolved node_modules/… path).
    const dir = project({
      'src/modules/a/a.service.ts': "import { sql } from 'drizzle-orm'\nexport const q = sql`select 1`\n",
      'src/modules/a/a.jobs.ts': "import pg from 'pg'\nexport const client = pg.Client\n",
      'src/modules/a/a.repository.ts': "import { sql } from 'drizzle-orm'\nexport const r = sql`select 2`\n",
      'src/db/helpers.ts': "import { sql } from 'drizzle-orm'\nexport const h = sql`select 3`\n",
    })
    const result = depcruise(dir)
    expect(result.status).not.toBe(0)
    expect(result.output).toContain('sql-only-in-repositories')
    expect(result.output).toContain('src/modules/a/a.service.ts → drizzle-orm')
    expect(result.output).toContain('src/modules/a/a.jobs.ts → pg')
    expect(result.output).not.toContain('src/modules/a/a.repository.ts')
    expect(result.output).not.toContain('src/db/helpers.ts')
  }, 60_000)

  it('fails on a reach past an adapter’s index.ts (adapters-only-through-index)', () => {
    const dir = project({
      'src/adapters/mail/port.ts': 'export const LIMIT = 1\n',
      'src/adapters/mail/smtp-mail.ts': "import { LIMIT } from './port.js'\nexport const smtp = LIMIT\n",
      'src/adapters/mail/index.ts': "export { LIMIT } from './port.js'\n",
      'src/adapters/push/index.ts': "import { LIMIT } from '../mail/port.js'\nexport const push = LIMIT\n",
      'src/modules/a/a.service.ts':
        "import { LIMIT } from '../../adapters/mail/port.js'\nexport const a = LIMIT\n",
      'src/modules/b/b.service.ts':
        "import { LIMIT } from '../../adapters/mail/index.js'\nexport const b = LIMIT\n",
    })
    const result = depcruise(dir)
    expect(result.status).not.toBe(0)
    expect(result.output).toContain('adapters-only-through-index')
    expect(result.output).toContain('src/modules/a/a.service.ts → src/adapters/mail/port.ts')
    expect(result.output).toContain('src/adapters/push/index.ts → src/adapters/mail/port.ts')
    expect(result.output).not.toContain('src/modules/b/b.service.ts')
    expect(result.output).not.toContain('src/adapters/mail/smtp-mail.ts')
  }, 60_000)

  it('warns, without failing, about a file over 300 lines that docs/architecture.md does not explain', () => {
    const long = `${Array.from({ length: 301 }, (_, i) => `export const v${i} = ${i}`).join('\n')}\n`
    const dir = project({ 'src/long.ts': long })
    const sizes = () => run(dir, process.execPath, [join(projectRoot, 'scripts', 'check-sizes.mjs'), dir])
    const warned = sizes()
    expect(warned.status).toBe(0)
    expect(warned.output).toContain('check-sizes: warning: files over 300 lines without a reason')
    expect(warned.output).toContain('src/long.ts: 302 lines')
    mkdirSync(join(dir, 'docs'))
    writeFileSync(
      join(dir, 'docs', 'architecture.md'),
      '# A\n\n## Files that stay whole\n\n- `src/long.ts`: a generated table, read as one.\n',
    )
    const explained = sizes()
    expect(explained.status).toBe(0)
    expect(explained.output).not.toContain('warning')
    expect(explained.output).toContain('within 300 lines or explained')
  }, 60_000)
})
