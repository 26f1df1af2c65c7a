import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { packageEntryExports } from './moduleExports.ts';

// shared-events follows semantic versioning: every remote is checked at promotion against the
// exports of the shell's copy (which is why this check lives with the promotion gate), and the version is how teams know what a shell has. The public
// exports of each entry point are kept in public-exports.json with the version they belong to; a
// change of exports must come with the bump it calls for. While the version is 0.x a removal is a
// minor bump and an addition a patch (remotes require ^0.<minor>.0, so an addition stays inside
// their range); from 1.0 a removal is a major bump and an addition a minor one. A changed
// signature under the same name is not seen here: bump for it as for a removal.

interface Snapshot {
  version: string;
  exports: Record<string, string[]>;
}

const packageDir = path.join(__dirname, '..', '..', 'shared-events');
const snapshotFile = path.join(packageDir, 'public-exports.json');
const writeCommand = 'WRITE_PUBLIC_EXPORTS=1 npx jest sharedEventsVersion --selectProjects shell';

const parts = (version: string) => version.split(/[.+-]/).slice(0, 3).map(Number) as [number, number, number];

/** The exports added and removed between two snapshots, as `entry point: name`. */
function changes(before: Record<string, string[]>, after: Record<string, string[]>) {
  const flat = (lists: Record<string, string[]>) => new Set(Object.entries(lists).flatMap(([entry, names]) => names.map((name) => `${entry}: ${name}`)));
  const [was, is] = [flat(before), flat(after)];
  return { added: [...is].filter((name) => !was.has(name)), removed: [...was].filter((name) => !is.has(name)) };
}

/** The smallest version after `version` that the change allows. */
function nextVersion(version: string, breaking: boolean): string {
  const [major, minor, patch] = parts(version);
  if (major === 0) return breaking ? `0.${minor + 1}.0` : `0.${minor}.${patch + 1}`;
  return breaking ? `${major + 1}.0.0` : `${major}.${minor + 1}.0`;
}

function isAtLeast(version: string, wanted: string): boolean {
  const [a, b] = [parts(version), parts(wanted)];
  const first = a.findIndex((part, index) => part !== b[index]);
  return first === -1 || a[first]! > b[first]!;
}

/** Why `version` with exports `current` does not follow from `snapshot`, or undefined when it does. */
function versioningProblem(snapshot: Snapshot, current: Record<string, string[]>, version: string): string | undefined {
  const { added, removed } = changes(snapshot.exports, current);
  const what = [added.length ? `added ${added.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : ''].filter(Boolean).join('; ');
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
  it('are recorded together: the exports changed only with the version bump the change needs', () => {
    const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
    const current = packageEntryExports(packageDir);
    const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as Snapshot;
    const problem = versioningProblem(snapshot, current, version);
    // Written only once the version follows from the change: all that is left then is the record.
    if (process.env.WRITE_PUBLIC_EXPORTS && version !== snapshot.version && problem?.endsWith(writeCommand)) {
      writeFileSync(snapshotFile, `${JSON.stringify({ version, exports: current }, null, 2)}\n`);
      return;
    }
    expect(problem).toBeUndefined();
  });
});

describe('which bump an export change needs', () => {
  const snapshot = (version: string): Snapshot => ({ version, exports: { 'shared-events': ['bus', 'cart'], 'shared-events/react': ['useCartItems'] } });
  const added = { 'shared-events': ['bus', 'cart'], 'shared-events/react': ['useCartItems', 'useWishlistIds'] };
  const removed = { 'shared-events': ['bus'], 'shared-events/react': ['useCartItems'] };

  it('none for unchanged exports at the recorded version', () => {
    expect(versioningProblem(snapshot('0.1.0'), snapshot('0.1.0').exports, '0.1.0')).toBeUndefined();
  });

  it('refuses an export added or removed without a bump, naming it and the version to set', () => {
    expect(versioningProblem(snapshot('0.1.0'), added, '0.1.0')).toBe(
      `shared-events exports changed (added shared-events/react: useWishlistIds) without a version bump: set "version" to 0.1.1 in shared-events/package.json, then run ${writeCommand}`,
    );
    expect(versioningProblem(snapshot('1.2.3'), removed, '1.2.3')).toMatch(
      /^shared-events exports changed \(removed shared-events: cart\) without a version bump: set "version" to 2\.0\.0 /,
    );
  });

  it('while 0.x: an addition needs a patch, a removal a minor', () => {
    expect(versioningProblem(snapshot('0.1.0'), added, '0.1.1')).toMatch(/is bumped for its export changes/);
    expect(versioningProblem(snapshot('0.1.0'), removed, '0.1.1')).toBe(
      'shared-events exports changed (removed shared-events: cart): 0.1.1 is too small a bump from 0.1.0, it needs at least 0.2.0',
    );
    expect(versioningProblem(snapshot('0.1.0'), removed, '0.2.0')).toMatch(/is bumped for its export changes/);
  });

  it('from 1.0: an addition needs a minor, a removal a major', () => {
    expect(versioningProblem(snapshot('1.2.3'), added, '1.2.4')).toMatch(/too small a bump from 1\.2\.3, it needs at least 1\.3\.0$/);
    expect(versioningProblem(snapshot('1.2.3'), added, '1.3.0')).toMatch(/is bumped/);
    expect(versioningProblem(snapshot('1.2.3'), removed, '1.9.0')).toMatch(/it needs at least 2\.0\.0$/);
  });

  it('asks for the snapshot to be written when the version moved on', () => {
    expect(versioningProblem(snapshot('0.1.0'), snapshot('0.1.0').exports, '0.1.1')).toBe(
      `shared-events is 0.1.1 but public-exports.json records 0.1.0: run ${writeCommand}`,
    );
  });
});
