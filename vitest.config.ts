import { configDefaults, defineConfig } from 'vitest/config'

// Every test that touches a database runs on PostgreSQL: the run's embedded server (started by
// test/global-setup.ts; each test file clones a migrated template database), or the server of
// TEST_DATABASE_URL. `npm run test:compat` runs the database layer on such a server (CI: the
// machine's PostgreSQL 15).

// Reliability tests (test/reliability, issue 9): the built service as real processes, killed
// and signalled under load, each on its own embedded database server under its DATA_DIR (as
// `npm start` runs), one file at a time after everything else (groupOrder 1, singleFork). On
// unless RELIABILITY=0; `npm run test:crash` runs them alone.
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

// Reliability tests too long for every run (the split crash cycles: 5 cycles of an API and a worker
// process take 2.3 to 4 minutes on this 2-core machine); they run with RELIABILITY=1 only, e.g.
// `RELIABILITY=1 npx vitest run --project reliability test/reliability/crash-split.test.ts`.
const harnessOnly = process.env.RELIABILITY === '1' ? [] : ['test/reliability/crash-split.test.ts']

// Browser tests (test/browser, issue 14): the built web app in Debian's Chromium against a
// started service. Only with BROWSER_TESTS=1 (`npm run test:browser`, which .ci/run calls).
const browserProject = {
  extends: true as const,
  test: {
    name: 'browser',
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 120_000,
    poolOptions: { forks: { singleFork: true } },
  },
}
const reliabilityProject = {
  extends: true as const,
  test: {
    name: 'reliability',
    include: ['test/reliability/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...harnessOnly, ...apart],
    sequence: { groupOrder: 1 },
    poolOptions: { forks: { singleFork: true } },
  },
}

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
          name: 'main',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/reliability/**', 'test/browser/**', ...apart],
        },
      },
      ...(process.env.BROWSER_TESTS === '1' ? [browserProject] : []),
      ...(reliability ? [reliabilityProject] : []),
    ],
  },
})
