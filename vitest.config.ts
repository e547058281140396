import { configDefaults, defineConfig } from 'vitest/config'

// Database tests (test/api, test/db, test/jobs) run on embedded PGlite always, and
// again on PostgreSQL when TEST_DATABASE_URL is set (project "postgres").
const dbTests = [
  'test/api/**/*.test.ts',
  'test/db/**/*.test.ts',
  'test/jobs/**/*.test.ts',
  'test/security/**/*.test.ts',
  'test/ops/cli.test.ts',
  'test/ownership/**/*.test.ts',
]

// Reliability tests (test/reliability, issue 9): the built service as real processes, killed
// and signalled under load, one file at a time after everything else (groupOrder 1,
// singleFork), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. On unless RELIABILITY=0;
// `npm run test:crash` runs them alone.
const reliability = process.env.RELIABILITY !== '0'

// The reliability slice (issue 18: the fuzz pass, the JWT suite, the parallel redemptions, 5
// crash cycles), `npm run test:slice`. With SLICE_APART=1 the other runs leave it out: .ci/run
// runs and times it as a step of its own.
const sliceFiles = [
  'test/security/fuzz.property.test.ts',
  'test/security/jwt-forgery.test.ts',
  'test/security/redemption-and-timing.test.ts',
  'test/reliability/crash-cycles.test.ts',
]
const apart = process.env.SLICE_APART === '1' ? sliceFiles : []

// Reliability tests whose subject does not depend on the database (the mail server's faults,
// the chain's outage: both go through the same durable queue code on either), run on the
// embedded one only; the crash, shutdown, import, export, webhook and database-outage tests run
// on both. `npm run test:reliability` (RELIABILITY=1, the whole harness) runs every file on both.
const embeddedOnly = ['test/reliability/smtp-faults.test.ts', 'test/reliability/chain-outage.test.ts']

// Reliability tests too long for every run (the split crash cycles: 5 cycles of an API and a worker
// process take 2.3 to 4 minutes on this 2-core machine); they run with RELIABILITY=1 only, e.g.
// `RELIABILITY=1 TEST_DATABASE_URL=… npx vitest run --project reliability-postgres test/reliability/crash-split.test.ts`.
const harnessOnly = process.env.RELIABILITY === '1' ? [] : ['test/reliability/crash-split.test.ts']

// Browser tests (test/browser, issue 14): the built web app in Debian's Chromium against a
// started service. Only with BROWSER_TESTS=1 (`npm run test:browser`, which .ci/run calls).
const browserProject = {
  extends: true as const,
  test: {
    name: 'browser',
    include: ['test/browser/**/*.test.ts'],
    env: { TEST_DB: 'pglite' },
    testTimeout: 120_000,
    poolOptions: { forks: { singleFork: true } },
  },
}
const reliabilityProject = (name: string, db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['test/reliability/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...harnessOnly,
      ...(db === 'pglite' ? apart : process.env.RELIABILITY === '1' ? [] : embeddedOnly),
    ],
    env: { TEST_DB: db },
    sequence: { groupOrder: 1 },
    poolOptions: { forks: { singleFork: true } },
  },
})

export default defineConfig({
  test: {
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        extends: true as const,
        test: {
          name: 'pglite',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/reliability/**', 'test/browser/**', ...apart],
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', include: dbTests, env: { TEST_DB: 'postgres' } },
            },
          ]
        : []),
      ...(process.env.BROWSER_TESTS === '1' ? [browserProject] : []),
      ...(reliability ? [reliabilityProject('reliability', 'pglite')] : []),
      ...(reliability && process.env.TEST_DATABASE_URL
        ? [reliabilityProject('reliability-postgres', 'postgres')]
        : []),
    ],
  },
})
