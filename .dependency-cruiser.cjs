/**
 * The module rules (docs/architecture.md, "The rules that keep each in its place"): features
 * meet only through each other's index.ts, nothing in src/ forms a cycle, features do not reach
 * back into the composition root, adapters and the HTTP layer know nothing of features, SQL
 * (drizzle-orm, pg) is written only in repositories and src/db/, and adapters are used only
 * through their index.ts. `npm run lint:architecture`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle: split the shared part out, or pass a callback from the composition.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'modules-only-through-index',
      comment: "A feature may use another only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'only-index-from-outside',
      comment: 'Code outside src/modules uses a feature only through its index.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/modules/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'no-composition-root-from-features',
      comment:
        'Features are composed; they do not import the composition (features.ts, service.ts, app.ts, deps.ts, main.ts).',
      severity: 'error',
      from: { path: '^src/(modules|adapters|http|db|jobs|lib)/' },
      to: { path: '^src/(features|service|app|deps|main)\\.ts$' },
    },
    {
      name: 'adapters-know-no-features',
      comment: 'Adapters are ports to the outside world; features use them, not the other way round.',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: '^src/(modules|http)/' },
    },
    {
      name: 'no-http-to-modules',
      comment:
        'The HTTP layer (auth guard, error handler, shared schemas) knows no feature: what it needs of one (the principal loader) the composition passes in.',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'sql-only-in-repositories',
      comment:
        'drizzle-orm and pg (SQL, query builders, connections) are imported only by *.repository.ts files and src/db/; everything else calls a repository function.',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: ['\\.repository\\.ts$', '^src/db/'],
      },
      // Resolved (node_modules/…, also through a symlinked node_modules) or not (the bare name).
      to: { path: ['(^|/)node_modules/(@types/)?(drizzle-orm|pg)/', '^(drizzle-orm|pg)(/|$)'] },
    },
    {
      name: 'adapters-only-through-index',
      comment:
        "Code outside an adapter uses it only through that adapter's index.ts (which chooses the implementation and exports what others need).",
      severity: 'error',
      // $1: `adapters/<port>` for a file of an adapter (its own files are its own business).
      from: { path: '^src/((?:adapters/)?[^/]+)' },
      to: {
        path: '^src/adapters/[^/]+/',
        pathNot: ['^src/$1/', '^src/adapters/[^/]+/index\\.ts$'],
      },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    // Packages are kept as the leaves of the graph (not followed), so that a rule can name them.
    doNotFollow: { path: 'node_modules' },
  },
}
