import { createRequire } from 'node:module';
import path from 'node:path';
import { exportedNames, packageEntryDeprecations, packageEntryExports } from './moduleExports.ts';
import type { ShellContract } from './compatibility.ts';

/** The React modules the shell's `react/` and `react-dom/` shares hand to remotes (the ones the shell itself loads). */
const reactModules = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'] as const;

/**
 * What the shell in `shellDir` provides to remotes, written by its build as shell-contract.json:
 * the version of each shared singleton and the exports of each module it shares. shared-events'
 * entry points and the router subset are read from their sources; React's CommonJS modules are
 * loaded to list their exports (plus `default`, the module object an `import React` gets). Under
 * `deprecated`, shared-events' exports marked `@deprecated`, which the gate reports a release still
 * importing.
 */
export function shellContract(shellDir: string): ShellContract {
  const require = createRequire(path.join(shellDir, 'package.json'));
  const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  const routerExports = exportedNames(path.join(shellDir, 'src/router/react-router-dom.ts'));
  const sharedEvents = path.dirname(require.resolve('shared-events/package.json'));
  const provides: Record<string, string[]> = { 'react-router-dom': routerExports, ...packageEntryExports(sharedEvents) };
  for (const name of reactModules) provides[name] = [...new Set([...Object.keys(require(name) as object), 'default'])].sort();
  return {
    shared: {
      react: versionOf('react'),
      'react-dom': versionOf('react-dom'),
      'react-router-dom': versionOf('react-router-dom'),
      'shared-events': versionOf('shared-events'),
    },
    // Read by deploy commands older than `provides`.
    routerExports,
    provides,
    deprecated: packageEntryDeprecations(sharedEvents),
  };
}
