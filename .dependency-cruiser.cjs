// Boundaries between the packages, checked by `npm run lint` (decision 0028, after decision 0002).
// Nothing here is allow-listed: a crossing is fixed in the code, or the rule is changed by a decision.

const apps = '(shell|mf-[a-z]+)';

// Code that never ships: tests, test helpers and fixture makers, browser tests, the tools
// workspace, deploy's checks, a package's own benchmarks.
const notShipped = [
  '\\.test\\.tsx?$',
  '\\.spec\\.ts$',
  '(^|/)testing/',
  '(^|/)fixtures/',
  '^e2e/',
  '^tools/',
  '^deploy/testing/',
  '^deploy/[^/]+\\.test\\.ts$',
  '^[^/]+/bench/',
  '^\\.ci/',
];

// What the tools may import from an app: these modules, each one a deliberate entry point (the app's
// author knows tools read it and keeps it stable). Never an app's test helpers (testing/).
const toolEntryPoints = [
  '^shell/remotes\\.ts$', // the remote names (stack, release checks)
  '^shell/src/app/liveMark\\.ts$', // the mark the Lighthouse bench waits for
  '^shell/releases/sharedImportsFile\\.ts$', // the file the shared-imports plugin writes for the promotion gate
  '^shell/releases/precompress\\.ts$', // the .br/.gz copies a release ships with, also made by npm start's builds
  '^shell/bench/fakeFrontEnds\\.ts$', // the front ends' stand-in builds the catalogue bench's gateway serves
  '^mf-catalog/bench/scenarios\\.ts$', // the catalogue bench's requests, built from the shop's own request code
  '^mf-catalog/server/products/present\\.ts$', // ... the products' answer shape
  '^mf-catalog/server/seed/generator\\.ts$', // the generated catalogues the bench imports
  '^mf-checkout/bench/', // the staff order list's bench, run by the bench
  '^mf-catalog/server/seed/vocabulary\\.ts$', // the words the soak run searches for
];

// What the tools' own tests may also import: the helpers of the cross-package tests (tools/stack's
// gateway-in-front-of-a-service tests), declared here as the entry points above are.
const toolTestEntryPoints = [
  '^shell/server/testing/liveServices\\.ts$', // a gateway, catalogue or checkout service started as npm start starts it
  '^mf-checkout/server/testing/staffRoutes\\.ts$', // the staff API's routes, each asked through the gateway
];

// What an app's tests (and the stand-ins' tests) may import from the tools: the shared test kit. Build
// configurations (webpack.config.ts, left out of this graph) use tools/webpack; nothing else reaches in.
const toolKit = ['^tools/kit/(processes|hostileHttp|schemaSnapshot)\\.ts$'];

// What others may import from a stand-in for an outside service (stand-ins/<service>/, decision 0047):
// its index.ts (start it, its addresses and secrets) and its testing/ helpers.
const standInEntryPoints = ['^stand-ins/[^/]+/index\\.ts$', '^stand-ins/[^/]+/testing/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other cannot be understood, tested or moved apart one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-between-folders',
      severity: 'error',
      comment:
        'Two parts of a package (its top-level folders: src, server, releases, bench ...) that import each ' +
        'other are one part in two places; one of them owns what both need.',
      scope: 'folder',
      from: { path: '^[^/]+/[^/]+$' },
      to: { circular: true, path: '^[^/]+/[^/]+$' },
    },
    {
      name: 'browser-code-stays-in-its-package',
      severity: 'error',
      comment:
        "A remote's or the shell's browser code imports its own package, shared-events, the API contracts and libraries only; " +
        "anything else would ship another team's code in its bundle.",
      from: { path: `^${apps}/src/`, pathNot: notShipped },
      to: { pathNot: ['^$1/', '^shared-events/src/', '^contracts/[^/]+/src/', '^node_modules/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'contracts-import-only-zod',
      severity: 'error',
      comment:
        'An API contract (contracts/*, decision 0046) is what a service and its callers agree on: it imports its own ' +
        "files and zod, never an app's code, another contract or a runtime of its own.",
      from: { path: '^contracts/([^/]+)/', pathNot: notShipped },
      to: { pathNot: ['^contracts/$1/', '^node_modules/zod/'] },
    },
    {
      name: 'shopper-pages-take-only-plain-facts-from-contracts',
      severity: 'error',
      comment:
        "The shell's and the shopper remotes' pages read a contract's plain data (facts, billing, vocabulary) and its types, " +
        "never its zod schemas: those would put zod in a shopper route's first load (decision 0046). My Account's order list " +
        '(mf-account) and the back office check answers with the schemas, after the page is live.',
      from: { path: '^(shell|mf-catalog|mf-cart|mf-checkout)/src/', pathNot: notShipped },
      to: { path: '^contracts/[^/]+/src/', pathNot: '^contracts/[^/]+/src/(facts|billing|vocabulary)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'service-kit-stays-on-the-server',
      severity: 'error',
      comment:
        "service-kit is OpenTelemetry and pino for the services' processes (gateway, catalogue, checkout servers): " +
        'browser code never imports it, it would put Node-only code in a bundle.',
      from: { path: `^${apps}/src/`, pathNot: notShipped },
      to: { path: '^service-kit/' },
    },
    {
      name: 'service-kit-knows-no-app',
      severity: 'error',
      comment: 'service-kit is shared by every service; it depends on libraries only, never on an app, the tools or the tests.',
      from: { path: '^service-kit/', pathNot: notShipped },
      to: { path: [`^${apps}/`, '^tools/', '^shared-events/', '^stand-ins/'] },
    },
    {
      name: 'shared-events-by-package-name',
      severity: 'error',
      comment: 'shared-events is a Module Federation singleton: a relative path to it would bundle a second copy.',
      from: { pathNot: '^shared-events/' },
      to: { path: '^shared-events/', dependencyTypes: ['local'] },
    },
    {
      name: 'apps-do-not-import-each-other',
      severity: 'error',
      comment: "An app never imports another app's code, not even in its tests; development-time wiring across " + 'packages lives in tools/ (decision 0002).',
      from: { path: `^${apps}/` },
      to: { path: `^${apps}/`, pathNot: '^$1/' },
    },
    {
      name: 'apps-import-stand-ins-only-in-tests',
      severity: 'error',
      comment:
        'The stand-ins for outside services (stand-ins/: the local Firebase, Stripe and mail catcher) run in development, ' +
        "tests and the container profile, never in production: an app's shipped code never imports them. Its tests " +
        "do, and npm start's stack (tools/stack) starts them (decision 0047).",
      from: { path: `^${apps}/`, pathNot: notShipped },
      to: { path: '^stand-ins/' },
    },
    {
      name: 'stand-ins-through-their-entry-points',
      severity: 'error',
      comment: 'Tests, the stack and the browser tests reach a stand-in through its index.ts and its testing/ helpers, never its insides.',
      from: { pathNot: '^stand-ins/' },
      to: { path: '^stand-ins/', pathNot: standInEntryPoints },
    },
    {
      name: 'stand-ins-know-no-app',
      severity: 'error',
      comment:
        'A stand-in plays an outside service for every app, as the real one would: it imports no app, not even in its tests ' +
        "(the local database reads the account team's rules file by its path, as production deploys it).",
      from: { path: '^stand-ins/' },
      to: { path: `^${apps}/` },
    },
    {
      name: 'apps-do-not-import-tools-at-runtime',
      severity: 'error',
      comment:
        "tools/ is a leaf (decision 0047): no app's code imports it, not even its benches; its build configurations " +
        'use tools/webpack, and its tests the shared test kit (next rule).',
      from: { path: `^${apps}/`, pathNot: ['\\.test\\.tsx?$', '(^|/)testing/', '(^|/)fixtures/'] },
      to: { path: '^tools/' },
    },
    {
      name: 'tests-use-only-the-tools-test-kit',
      severity: 'error',
      comment: "An app's and a stand-in's tests take from tools/ only the shared test kit (tools/kit's processes, hostile HTTP and schema snapshots).",
      from: { path: [`^${apps}/`, '^stand-ins/'] },
      to: { path: '^tools/', pathNot: toolKit },
    },
    {
      name: 'tools-use-declared-entry-points',
      severity: 'error',
      comment:
        "tools/ reads an app only through the entry points listed in .dependency-cruiser.cjs, never an app's test " +
        "helpers; the tools' own tests may also use the helpers declared in toolTestEntryPoints.",
      from: { path: '^tools/', pathNot: '\\.test\\.ts$' },
      to: { path: `^${apps}/`, pathNot: toolEntryPoints },
    },
    {
      name: 'tools-tests-use-declared-entry-points',
      severity: 'error',
      comment: "The tools' tests read an app through the entry points above and the declared test helpers, nothing else.",
      from: { path: '^tools/.*\\.test\\.ts$' },
      to: { path: `^${apps}/`, pathNot: [...toolEntryPoints, ...toolTestEntryPoints] },
    },
    {
      name: 'production-code-imports-no-tests-or-tooling',
      severity: 'error',
      comment: 'What ships must not depend on tests, test helpers, benchmarks or development tooling.',
      from: { pathNot: notShipped },
      to: { path: notShipped },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve is a typo or a missing dependency.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The builds' configurations are development tooling that nothing imports; left out, the top-level
    // files of a package (shell/remotes.ts) do not look tied to tools/webpack in the folder graph.
    exclude: { path: ['(^|/)(node_modules|dist|\\.cache|\\.mf|coverage|test-results)/', '^[^/]+/webpack\\.config\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
