// A scratch production build of one remote in which one screen imports a dependency it does not
// have: what a developer adding a library to a screen would ship. The budget test (e2e/js-budget.spec.ts)
// serves it from a host of its own and shows the route's budget failing.
//
//   node tools/budget/scratchBuild.ts --remote cart --screen src/cart-page/CartPage.tsx --dependency zod --out /tmp/scratch
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import webpack, { type Configuration } from 'webpack';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

type RemoteConfig = (env: { output?: string }, argv: { mode?: string }) => Configuration | Configuration[];

export async function scratchBuild(options: { remote: string; screen: string; dependency: string; out: string }): Promise<void> {
  const remoteDir = path.join(repoRoot, `mf-${options.remote}`);
  const { default: config } = (await import(path.join(remoteDir, 'webpack.config.ts'))) as { default: RemoteConfig };
  const built = config({ output: options.out }, { mode: 'production' });
  // The browser build only: the budget is what a browser loads.
  const browser = Array.isArray(built) ? built[0]! : built;
  // Never the team's build cache: the scratch build must not be reused by, or reuse, a real one.
  browser.cache = false;
  browser.module!.rules!.unshift({
    test: path.join(remoteDir, options.screen),
    enforce: 'pre',
    use: [{ loader: require.resolve('./addImportLoader.cjs'), options: { dependency: options.dependency } }],
  });
  await new Promise<void>((resolve, reject) => {
    webpack(browser, (error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve();
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { remote: { type: 'string' }, screen: { type: 'string' }, dependency: { type: 'string' }, out: { type: 'string' } },
  });
  const { remote, screen, dependency, out } = values;
  if (!remote || !screen || !dependency || !out) {
    console.error('usage: node tools/budget/scratchBuild.ts --remote <name> --screen <file in the remote> --dependency <package> --out <dir>');
    process.exit(2);
  }
  scratchBuild({ remote, screen, dependency, out }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
