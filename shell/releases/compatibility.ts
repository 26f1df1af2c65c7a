import semver from 'semver';

/**
 * Whether the live shell can run a release. A remote consumes the shell's singletons (React, the
 * router subset of decision 0011, the shared-events bus) instead of shipping its own, so a release
 * built against a newer major, a newer bus contract, or a router export the subset lacks would
 * break in shoppers' browsers. Promotion asks here first.
 */

/** What the shell provides, written by its build as shell-contract.json. */
export interface ShellContract {
  shared: Record<string, string>;
  routerExports: string[];
}

/** What a release needs, from its mf-manifest.json and its release.json. */
export interface ReleaseNeeds {
  shared: { name: string; requiredVersion?: string | undefined; singleton?: boolean | undefined }[];
  routerImports: string[];
}

/** Singletons the shell must provide in a version inside the release's range. */
export const checkedSingletons = ['react', 'react-dom', 'react-router-dom', 'shared-events'] as const;

/** One line saying why the shell cannot run the release, or undefined when it can. */
export function incompatibility(shell: ShellContract, release: ReleaseNeeds): string | undefined {
  for (const name of checkedSingletons) {
    const need = release.shared.find((entry) => entry.name === name);
    const range = need?.requiredVersion;
    if (!need || !range || range === '*') continue;
    const provided = shell.shared[name];
    const what = name === 'shared-events' ? 'the shared-events bus contract' : name;
    if (!provided) return `it needs ${what} ${range}, which the shell does not provide`;
    if (!semver.validRange(range)) return `its required version of ${name} (${range}) is not a version range`;
    if (!semver.satisfies(provided, range)) return `it needs ${what} ${range}, the shell provides ${provided}`;
  }
  const missing = release.routerImports.filter((name) => !shell.routerExports.includes(name));
  if (missing.length) {
    return `it uses ${missing.join(', ')} from react-router-dom, which the shell's router subset does not provide (add ${missing.length === 1 ? 'it' : 'them'} to shell/src/router/react-router-dom.ts first; decision 0011)`;
  }
  return undefined;
}

/** Named imports from 'react-router-dom' in a module's source (type-only imports excluded). */
export function routerImportsOf(source: string): string[] {
  const names = new Set<string>();
  const pattern = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]react-router-dom['"]/g;
  for (const match of source.matchAll(pattern)) {
    if (match[1]) continue;
    for (const part of match[2]!.split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.add(spec.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return [...names].sort();
}

/** The names a module re-exports in `export { a, b } from '…'` (the shell's router subset). */
export function reexportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/export\s+\{([^}]*)\}\s*from/g)) {
    for (const part of match[1]!.split(',')) {
      const spec = part.trim();
      if (spec) names.add(spec.split(/\s+as\s+/).at(-1)!.trim());
    }
  }
  return [...names].sort();
}
