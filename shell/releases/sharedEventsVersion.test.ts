import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { packageEntryDeprecations, packageEntryExports } from './moduleExports.ts';

// shared-events follows semantic versioning from 1.0 (decision 0048): every remote is checked at
// promotion against the exports of the shell's copy (which is why this check lives with the
// promotion gate), and the version is how teams know what a shell has. The public exports of each
// entry point, and which of them are deprecated, are kept in public-exports.json with the version
// they belong to; a change must come with the bump it calls for: an addition or a deprecation a
// minor, a removal a major, and only of an export the recorded version already marked deprecated
// (the two steps: add the replacement and deprecate the old name, let every remote move off it,
// then remove it). A changed signature under the same name is not seen here: it is not allowed;
// add the new shape under a new name instead.

interface Snapshot {
  version: string;
  exports: Record<string, string[]>;
  /** Entry point -> deprecated export -> its note. */
  deprecated?: Record<string, Record<string, string>>;
}

const packageDir = path.join(__dirname, '..', '..', 'shared-events');
const snapshotFile = path.join(packageDir, 'public-exports.json');
const writeCommand = 'WRITE_PUBLIC_EXPORTS=1 npx jest sharedEventsVersion --selectProjects shell';

const parts = (version: string) => version.split(/[.+-]/).slice(0, 3).map(Number) as [number, number, number];
const flat = (lists: Record<string, string[]>) => new Set(Object.entries(lists).flatMap(([entry, names]) => names.map((name) => `${entry}: ${name}`)));
const namesOf = (deprecated: Snapshot['deprecated'] = {}) =>
  flat(Object.fromEntries(Object.entries(deprecated).map(([entry, notes]) => [entry, Object.keys(notes)])));

/** The exports added, removed, newly deprecated and no longer deprecated between two snapshots, as `entry point: name`. */
function changes(before: Snapshot, after: Omit<Snapshot, 'version'>) {
  const [was, is] = [flat(before.exports), flat(after.exports)];
  const [wasDeprecated, isDeprecated] = [namesOf(before.deprecated), namesOf(after.deprecated)];
  return {
    added: [...is].filter((name) => !was.has(name)),
    removed: [...was].filter((name) => !is.has(name)),
    deprecated: [...isDeprecated].filter((name) => !wasDeprecated.has(name)),
    undeprecated: [...wasDeprecated].filter((name) => !isDeprecated.has(name) && is.has(name)),
    removedUndeprecated: [...was].filter((name) => !is.has(name) && !wasDeprecated.has(name)),
  };
}

/** The smallest version after `version` that the change allows. */
function nextVersion(version: string, breaking: boolean): string {
  const [major, minor] = parts(version);
  return breaking ? `${major + 1}.0.0` : `${major}.${minor + 1}.0`;
}

function isAtLeast(version: string, wanted: string): boolean {
  const [a, b] = [parts(version), parts(wanted)];
  const first = a.findIndex((part, index) => part !== b[index]);
  return first === -1 || a[first]! > b[first]!;
}

/** Why `version` with exports `current` does not follow from `snapshot`, or undefined when it does. */
function versioningProblem(snapshot: Snapshot, current: Omit<Snapshot, 'version'>, version: string): string | undefined {
  const { added, removed, deprecated, undeprecated, removedUndeprecated } = changes(snapshot, current);
  if (removedUndeprecated.length)
    return `shared-events removes ${removedUndeprecated.join(', ')} without deprecating it first: mark it @deprecated (naming what to use instead) in a minor version, let every remote move off it (the gate reports who still imports it), then remove it in a major`;
  const what = [
    added.length ? `added ${added.join(', ')}` : '',
    removed.length ? `removed ${removed.join(', ')}` : '',
    deprecated.length ? `deprecated ${deprecated.join(', ')}` : '',
    undeprecated.length ? `no longer deprecated ${undeprecated.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  if (version === snapshot.version) {
    if (!what) return undefined;
    return `shared-events exports changed (${what}) without a version bump: set "version" to ${nextVersion(version, removed.length > 0)} in shared-events/package.json, then run ${writeCommand}`;
  }
  if (!what) return `shared-events is ${version} but public-exports.json records ${snapshot.version}: run ${writeCommand}`;
  const wanted = nextVersion(snapshot.version, removed.length > 0);
  if (!isAtLeast(version, wanted))
    return `shared-events exports changed (${what}): ${version} is too small a bump from ${snapshot.version}, it needs at least ${wanted}`;
  return `shared-events ${version} is bumped for its export changes (${what}): run ${writeCommand}`;
}

describe("shared-events' public exports and its version", () => {
  it('are recorded together: the exports and their deprecations changed only with the version bump the change needs', () => {
    const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
    const current = { exports: packageEntryExports(packageDir), deprecated: packageEntryDeprecations(packageDir) };
    const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as Snapshot;
    const problem = versioningProblem(snapshot, current, version);
    // Written only once the version follows from the change: all that is left then is the record.
    if (process.env.WRITE_PUBLIC_EXPORTS && version !== snapshot.version && problem?.endsWith(writeCommand)) {
      writeFileSync(snapshotFile, `${JSON.stringify({ version, ...current }, null, 2)}\n`);
      return;
    }
    expect(problem).toBeUndefined();
  });
});

describe('which bump an export change needs', () => {
  const exports = { 'shared-events': ['bus', 'cart'], 'shared-events/react': ['useCartItems'] };
  const snapshot = (version: string, deprecated: Snapshot['deprecated'] = {}): Snapshot => ({ version, exports, deprecated });
  const added = { exports: { ...exports, 'shared-events/react': ['useCartItems', 'useWishlistIds'] } };
  const deprecating = { exports, deprecated: { 'shared-events': { cart: 'use basket' } } };
  const removed = { exports: { ...exports, 'shared-events': ['bus'] } };

  it('none for unchanged exports at the recorded version', () => {
    expect(versioningProblem(snapshot('1.0.0'), snapshot('1.0.0'), '1.0.0')).toBeUndefined();
  });

  it('refuses an export added or deprecated without a bump, naming it and the version to set', () => {
    expect(versioningProblem(snapshot('1.0.0'), added, '1.0.0')).toBe(
      `shared-events exports changed (added shared-events/react: useWishlistIds) without a version bump: set "version" to 1.1.0 in shared-events/package.json, then run ${writeCommand}`,
    );
    expect(versioningProblem(snapshot('1.2.3'), deprecating, '1.2.3')).toMatch(
      /^shared-events exports changed \(deprecated shared-events: cart\) without a version bump: set "version" to 1\.3\.0 /,
    );
  });

  it('an addition or a deprecation needs a minor', () => {
    expect(versioningProblem(snapshot('1.2.3'), added, '1.2.4')).toMatch(/too small a bump from 1\.2\.3, it needs at least 1\.3\.0$/);
    expect(versioningProblem(snapshot('1.2.3'), added, '1.3.0')).toMatch(/is bumped/);
    expect(versioningProblem(snapshot('1.2.3'), deprecating, '1.3.0')).toMatch(/is bumped for its export changes \(deprecated shared-events: cart\)/);
  });

  it('a removal needs a major, and only of an export the recorded version marked deprecated', () => {
    const wasDeprecated = snapshot('1.3.0', deprecating.deprecated);
    expect(versioningProblem(wasDeprecated, removed, '1.9.0')).toMatch(/it needs at least 2\.0\.0$/);
    expect(versioningProblem(wasDeprecated, removed, '2.0.0')).toMatch(/is bumped for its export changes \(removed shared-events: cart\)/);
    expect(versioningProblem(snapshot('1.3.0'), removed, '2.0.0')).toBe(
      'shared-events removes shared-events: cart without deprecating it first: mark it @deprecated (naming what to use instead) in a minor version, let every remote move off it (the gate reports who still imports it), then remove it in a major',
    );
  });

  it('asks for the snapshot to be written when the version moved on', () => {
    expect(versioningProblem(snapshot('0.2.2'), snapshot('0.2.2'), '1.0.0')).toBe(
      `shared-events is 1.0.0 but public-exports.json records 0.2.2: run ${writeCommand}`,
    );
  });
});
