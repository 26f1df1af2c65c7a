import semver from 'semver';

/**
 * Whether the live shell can run a release. A remote consumes the shell's singletons (React, the
 * router subset of decision 0011, the shared-events bus) instead of shipping its own, so a release
 * built against a newer React major, or importing an export the shell's copy lacks (a shared-events
 * function added since or removed by a later major, a router hook outside the subset), would break
 * in shoppers' browsers. Promotion asks here first.
 *
 * shared-events is judged by its exports, not by its version range (decision 0048): it changes in
 * two steps (add the new export, let every remote move, remove the old one in a major), so a build
 * for an older major runs in a newer shell as long as nothing it imports was removed, which is what
 * the export check sees. Its range's lower bound still counts: a build may rely on a signature a
 * later minor widened (0.2.1's catalogue loaders), which no export list shows.
 */

/** What the shell provides, written by its build as shell-contract.json. */
export interface ShellContract {
  /** Shared singleton -> the version the shell provides. */
  shared: Record<string, string>;
  /** The router subset's exports: all a shell built before `provides` records of its exports. */
  routerExports?: string[] | undefined;
  /** Shared module (`shared-events`, `react/jsx-runtime`, …) -> the exports the shell provides for it. */
  provides?: Record<string, string[]> | undefined;
  /** Shared module -> its exports marked deprecated -> the note (what to use instead); none before shells recorded it. */
  deprecated?: Record<string, Record<string, string>> | undefined;
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

/**
 * The first shared-events version judged by exports: since 0.2.0 it changed only by additions (0.2.1,
 * 0.2.2, 1.0.0), and from 1.0 only in the two steps. A 0.1 build also reads what 0.2.0 removed from
 * the stores' objects (their observables), which no export list shows, so it is judged by its range.
 */
const sharedEventsJudgedByExportsFrom = '0.2.0';

/** Whether a release's shared-events range is judged by its imports against the shell's exports. */
function judgedByExports(shell: ShellContract, release: ReleaseNeeds, range: string): boolean {
  const least = semver.minVersion(range);
  return !!release.imports && !!shell.provides?.['shared-events'] && !!least && semver.gte(least, sharedEventsJudgedByExportsFrom);
}

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
    if (name === 'shared-events' && judgedByExports(shell, release, range)) {
      const least = semver.minVersion(range)!.version;
      if (semver.lt(provided, least)) return `it needs shared-events ${least} or later (built for ${range}), the shell provides ${provided}`;
      continue;
    }
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

/**
 * What the release imports that the shell marks deprecated, as `name from module (note)`: reported
 * at promotion, never refused, so the team moves off it before a major version removes it.
 */
export function deprecatedImports(shell: ShellContract, release: ReleaseNeeds): string[] {
  return Object.entries(release.imports ?? {}).flatMap(([module, names]) => {
    const deprecated = shell.deprecated?.[module] ?? {};
    return names.filter((name) => Object.hasOwn(deprecated, name)).map((name) => `${name} from ${module}${deprecated[name] ? ` (${deprecated[name]})` : ''}`);
  });
}
