// Which test or CI step runs each command the README and docs/*.md show (keys as programOf names
// them: program, npm script and workspace, no arguments). tools/docs/commands.test.ts fails when the
// docs show a command missing here, when a row's command left the docs, and when a `by` file is gone
// or no longer contains its `runs` text. A command nothing runs says `why` instead.

export type Coverage =
  /** `by` (a test, a CI script or a file CI builds) contains `runs`, the invocation it makes. */
  | { by: string; runs: string }
  /** Nothing runs it as written; why the docs can still be trusted on it. */
  | { why: string };

const jestInNpmTest: Coverage = { by: '.ci/test.sh', runs: 'node node_modules/jest/bin/jest.js' };
const releasesSpec = 'e2e/releases.spec.ts';

export const commandCoverage: Record<string, Coverage> = {
  // The README's two commands. The browser tests' stack is npm start's script without the Node 24
  // bootstrap (.ci/with-node24.sh), which every command of .ci/run goes through.
  'npm start': { by: 'e2e/playwright.config.ts', runs: 'tools/stack/start.ts' },
  'npm test': { by: '.ci/run', runs: 'npm test' },
  'npm install': { by: '.ci/run', runs: 'npm install' },
  'bash .ci/run': { why: 'it is CI: the machine that runs it runs this file' },
  'npm run test:topology': { by: '.ci/run', runs: 'npm run test:topology' },
  'bash deploy/podman/topology-test.sh': { by: '.ci/run', runs: 'bash deploy/podman/topology-test.sh images' },
  'npm run lint': { by: '.ci/test.sh', runs: 'bash .ci/lint.sh' },
  'bash .ci/promtool.sh': { by: '.ci/test.sh', runs: 'bash .ci/promtool.sh' },
  'npm run build': { by: 'deploy/Containerfile', runs: 'node tools/stack/build.ts --force' },
  'npm run build -w mf-<name>': {
    why: "the remote's webpack.config.ts in production mode, as tools/stack/build.ts builds every front end for the browser tests' stack",
  },
  'npm start -w mf-cart': { by: 'e2e/standalone.spec.ts', runs: "'serve', '--mode', 'development', '--config', 'mf-cart/webpack.config.ts'" },
  'npm start -w mf-<name>': { by: 'e2e/standalone.spec.ts', runs: "'serve', '--mode', 'development', '--config', 'mf-cart/webpack.config.ts'" },
  'npm test -w mf-cart': jestInNpmTest,
  'node tools/stack/start.ts': { by: 'mf-account/server/stackStop.test.ts', runs: "args: ['auth', 'database']" },

  // Releases (docs/deploying.md): the browser test runs shell/releases/cli.ts as the scripts do.
  'npm run release -w mf-cart': { by: releasesSpec, runs: "cliRun('release', 'cart')" },
  'npm run release -w mf-<name>': { by: releasesSpec, runs: "cliRun('release', 'cart')" },
  'npm run release -w shell': { by: releasesSpec, runs: "cliRun('release', 'shell')" },
  'npm run deploy -w mf-cart': { by: releasesSpec, runs: "cliRun('deploy', 'cart', '--release'" },
  'npm run deploy -w mf-<name>': { by: 'shell/releases/cli.test.ts', runs: "deploy('--history')" },
  'npm run deploy -w shell': { by: releasesSpec, runs: "cliRun('deploy', 'shell', '--release'" },
  'npm run deploy': { by: 'shell/releases/cli.test.ts', runs: "deploy('--history')" },

  // The catalogue's commands.
  'npm run catalog:import -w mf-catalog': { by: 'e2e/own-catalogue.spec.ts', runs: 'mf-catalog/server/cli/import.ts' },
  'npm run catalog:generate -w mf-catalog': {
    why: 'a benchmark data maker (tools/bench/catalogLoad.ts runs it); its flags are checked against its usage by commands.test.ts',
  },
  'npm run migrate': { by: 'shell/server/migrate.test.ts', runs: "['--status']" },
  'npm run migrate -w mf-checkout': { by: 'mf-checkout/server/migrate.test.ts', runs: "['--status']" },
  'node mf-catalog/server/migrate.ts': { by: 'mf-catalog/server/migrate.test.ts', runs: "'--status'" },
  'node mf-checkout/server/migrate.ts': { by: 'mf-checkout/server/migrate.test.ts', runs: "run('migrate.ts'" },
  'node shell/server/migrate.ts': { by: 'shell/server/migrate.test.ts', runs: "['--status']" },

  // Operations.
  'npm run staff': { by: 'e2e/admin.spec.ts', runs: 'mf-account/server/staff/cli.ts' },
  'npm run mail -w mf-checkout': { by: 'mf-checkout/server/mailCommand.test.ts', runs: "run(env, ['failed'])" },
  'bash deploy/podman/base-image.sh': { by: 'deploy/podman/topology-test.sh', runs: 'bash deploy/podman/base-image.sh' },
  'docker build': { by: 'deploy/podman/topology-test.sh', runs: 'podman build --quiet --format docker -f "$file" --target "$target"' },
  'docker compose': { by: 'deploy/podman/topology-test.sh', runs: '-f deploy/compose.yaml -f deploy/compose.local.yaml' },
  'podman compose': {
    why: 'the production profile needs real Firebase and Stripe; deploy/manifests.test.ts checks compose.yaml and the topology test runs it with the local profile',
  },
  'podman run': { why: "a one-off of the image's migrate command, which the migrate tests run (node mf-checkout/server/migrate.ts above)" },

  // Long or measuring runs, by hand; their flags are checked against their usage by commands.test.ts.
  'npm run soak': { why: 'the long reliability runs (minutes) are kept out of CI on purpose; tools/soak/afterLoad.test.ts tests their checks' },
  'npm run bench': { why: 'measurements, run by hand on a quiet machine; its helpers are tested by node --test tools/bench/bench.test.ts in npm test' },
  'node --test tools/bench/bench.test.ts': { by: '.ci/test.sh', runs: 'node --test tools/bench/bench.test.ts' },

  // Single test files and checks, as npm test runs them all.
  'npx jest': jestInNpmTest,
  'npx playwright': { by: '.ci/test.sh', runs: 'node node_modules/@playwright/test/cli.js test -c e2e/playwright.config.ts' },
  'npx prettier': { by: '.ci/lint.sh', runs: 'node node_modules/prettier/bin/prettier.cjs --check' },
  'npx depcruise': { by: '.ci/lint.sh', runs: 'node node_modules/dependency-cruiser/bin/dependency-cruiser.mjs --output-type err' },

  // The catalogue API's examples (docs/api.md): the same routes, on the service or through the gateway.
  'curl GET /api/catalog/products': { by: 'mf-catalog/server/products/products.test.ts', runs: "'/products?limit=2&select=title,price'" },
  'curl GET /api/catalog/products/search': { by: 'mf-catalog/server/search/wordSearch.test.ts', runs: "words('headphnes'" },
  'curl GET /api/catalog/products/category/bags': { by: 'mf-catalog/server/http/crossOrigin.test.ts', runs: "'/products/category/bags'" },
  'curl GET /api/catalog/products/1': { by: 'mf-catalog/server/http/delay.test.ts', runs: "'/products/4?delay=300'" },
  'curl POST /api/catalog/products/add': { by: 'e2e/catalog-api.spec.ts', runs: "api.post('products/add'" },
  'curl PATCH /api/catalog/products/181': { by: 'e2e/catalog-api.spec.ts', runs: 'api.patch(`products/${id}`' },
  'curl DELETE /api/catalog/products/181': { by: 'e2e/catalog-api.spec.ts', runs: 'api.delete(`products/${id}`, { headers: admin })' },
};
