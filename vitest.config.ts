import { defineConfig } from 'vitest/config'

// Database tests (test/api, test/db, test/jobs) run on embedded PGlite always, and
// again on PostgreSQL when TEST_DATABASE_URL is set (project "postgres").
const dbTests = [
  'test/api/**/*.test.ts',
  'test/db/**/*.test.ts',
  'test/jobs/**/*.test.ts',
  'test/security/**/*.test.ts',
]

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
        test: { name: 'pglite', include: ['test/**/*.test.ts'], env: { TEST_DB: 'pglite' } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', include: dbTests, env: { TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
})
