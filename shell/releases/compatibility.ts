import semver from 'semver';

/**
 * Whether the live shell can run a release. A remote consumes the shell's singletons (React, the
 * router subset of decision 0011, the shared-events bus) instead of shipping its own, so a release
 * built against a newer major, a newer bus contract, or an export the shell's copy lacks (a
 * shared-events function added since, a router hook outside the subset) would break in shoppers'
 * browsers. Promotion asks here first.
 */

/** What the shell provides, written by its build as shell-contract.json. */
export interface ShellContract {
  /** Shared singleton -> the version the shell provides. */
  shared: Record<string, string>;
  /** The router subset's exports: all a shell built before `provides` records of its exports. */
  routerExports?: string[] | undefined;
  /** Shared module (`shared-events`, `react/jsx-runtime`, …) -> the exports the shell provides for it. */
  provides?: Record<string, string[]> | undefined;
}

/** What a release needs, from its mf-manifest.json and its release.json. */
export interface ReleaseNeeds {
  shared: { name: string; requiredVersion?: string | undefined; singleton?: boolean | undefined }[];
  /** Shared module -> the exports the release's code imports; undefined for a release that predates recording them. */
  imports?: Record<string, string[]> | undefined;
}

/** Singletons the shell must provide in a version inside the release's range. */
export const checkedSingletons = ['react', 'react-dom', 'react-router-dom', 'shared-events'] as const;

const routerSubset = 'shell/src/router/react-router-dom.ts';

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
  return missingImport(shell, release);
}

/**
 * The first export the release imports from a shared module that the shell does not provide.
 * A module the shell records nothing for is not checked (a shell built before the gate read
 * exports records only its router subset), nor is a release that records no imports.
 */
function missingImport(shell: ShellContract, release: ReleaseNeeds): string | undefined {
  const provides = shell.provides ?? (shell.routerExports ? { 'react-router-dom': shell.routerExports } : {});
  for (const [module, names] of Object.entries(release.imports ?? {})) {
    const provided = provides[module];
    if (!provided) continue;
    const missing = names.filter((name) => !provided.includes(name));
    if (!missing.length) continue;
    const them = missing.length === 1 ? 'it' : 'them';
    if (module === 'react-router-dom')
      return `it imports ${missing.join(', ')} from react-router-dom, which the shell's router subset does not provide (add ${them} to ${routerSubset} first; decision 0011)`;
    return `it imports ${missing.join(', ')} from ${module}, which the shell does not provide`;
  }
  return undefined;
}
