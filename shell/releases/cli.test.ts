import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remoteEnvKey, remoteNames } from '../remotes.ts';
import { createRelease } from './releaseStore.ts';

// The deploy command as a team runs it (npm run deploy -w mf-cart -- …), against releases and a
// live shell build made for the test: one compatible release, and deliberately incompatible ones.

const cli = path.join(__dirname, 'cli.ts');
let root: string;
let env: Record<string, string>;

function deploy(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, 'deploy', ...args], { env: { PATH: process.env.PATH ?? '', USER: 'team-cart', ...env }, encoding: 'utf8' });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

/** A cart release needing `shared` and importing `imports` (shared module -> names; by default a router link and the cart). */
function release(
  version: string,
  shared: Record<string, string>,
  imports: Record<string, string[]> = { 'react-router-dom': ['Link'], 'shared-events': ['cart'] },
): string {
  const build = mkdtempSync(path.join(tmpdir(), 'cart-build-'));
  writeFileSync(
    path.join(build, 'mf-manifest.json'),
    JSON.stringify({ name: 'cart', shared: Object.entries(shared).map(([name, requiredVersion]) => ({ name, requiredVersion, singleton: true })) }),
  );
  writeFileSync(path.join(build, 'remoteEntry.js'), `/* ${version} */`);
  return createRelease(path.join(root, 'releases'), 'cart', build, version, { imports }).id;
}
const routerImports = (...names: string[]) => ({ 'react-router-dom': names });

const compatible = { react: '^19.0.0', 'react-dom': '^19.0.0', 'react-router-dom': '^7.0.0', 'shared-events': '^0.1.0' };
const shellProvides = { react: '19.2.1', 'react-dom': '19.2.1', 'react-router-dom': '7.9.0', 'shared-events': '0.1.0' };
const shellExports = ['Link', 'NavLink', 'useNavigate'];

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'deploy-cli-'));
  const shellDist = path.join(root, 'shell-dist');
  mkdirSync(shellDist);
  writeFileSync(
    path.join(shellDist, 'shell-contract.json'),
    JSON.stringify({ shared: shellProvides, provides: { 'react-router-dom': shellExports, 'shared-events': ['bus', 'cart'] } }),
  );
  // Remotes not promoted are served from their builds; none is built here unless a test says so.
  const unbuilt = Object.fromEntries(remoteNames.map((name) => [`${remoteEnvKey(name)}_DIST`, path.join(root, `${name}-unbuilt`)]));
  env = { RELEASES_DIR: path.join(root, 'releases'), SHELL_DIST: shellDist, RELEASE_RETENTION: '1', ...unbuilt };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm run deploy', () => {
  it('promotes a compatible release, rolls back, and lists every step with who and when', () => {
    const first = release('0.1.0', compatible);
    const second = release('0.2.0', compatible);
    expect(deploy('cart', '--release', first)).toMatchObject({ status: 0, out: expect.stringMatching(new RegExp(`cart +promote ${first}  by team-cart\\n`)) });
    expect(deploy('cart', '--release', second, '--by', 'alice').out).toMatch(new RegExp(`promote ${second} \\(was ${first}\\)  by alice`));
    expect(deploy('cart', '--rollback')).toMatchObject({ status: 0, out: expect.stringContaining(`rollback ${first} (was ${second})`) });
    const history = deploy('--history').out.trim().split('\n');
    expect(history).toHaveLength(3);
    expect(history[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}cart +promote /);
    expect(deploy('cart', '--list').out).toContain(`${first}  `);
    expect(deploy('cart', '--list').out).toMatch(new RegExp(`${first} .*\\(live\\)`));
  });

  it('refuses, in one line and with exit 1, releases the live shell cannot run, and leaves the live release alone', () => {
    const good = release('0.1.0', compatible);
    deploy('cart', '--release', good);
    const cases: [string, string][] = [
      [release('0.3.0', { ...compatible, react: '^20.0.0' }), 'it needs react ^20.0.0, the shell provides 19.2.1'],
      [release('0.4.0', { ...compatible, 'shared-events': '^0.2.0' }), 'it needs shared-events 0.2.0 or later (built for ^0.2.0), the shell provides 0.1.0'],
      [
        release('0.5.0', compatible, routerImports('Link', 'useBlocker')),
        "it imports useBlocker from react-router-dom, which the shell's router subset does not provide",
      ],
      [release('0.6.0', compatible, { 'shared-events': ['cart', 'wishlist'] }), 'it imports wishlist from shared-events, which the shell does not provide'],
    ];
    for (const [id, reason] of cases) {
      const refused = deploy('cart', '--release', id);
      expect(refused.status).toBe(1);
      expect(refused.err).toContain(`[deploy] refused: cart ${id} cannot run in the live shell: ${reason}`);
      expect(refused.err.trim().split('\n')).toHaveLength(1);
    }
    expect(deploy('cart', '--list').out).toMatch(new RegExp(`${good} .*\\(live\\)`));
    expect(deploy('--history').out.trim().split('\n')).toHaveLength(1);
  });

  it('says what is wrong with a release id, a missing shell build or a missing action', () => {
    expect(deploy('cart', '--release', '9.9.9-0000000000').err).toContain('there is no cart release 9.9.9-0000000000');
    expect(deploy('cart', '--rollback').err).toContain('cart has no earlier release to roll back to');
    expect(deploy('basket', '--list').err).toContain(`Name a remote or the shell: one of ${[...remoteNames, 'shell'].join(', ')}`);
    expect(deploy('cart').err).toContain('Say what to do');
    env.SHELL_DIST = path.join(root, 'nowhere');
    expect(deploy('cart', '--release', release('0.1.0', compatible)).err).toContain('has no readable shell-contract.json');
  });

  it('runs a canary and prunes old releases, never one still in use', () => {
    const ids = ['0.1.0', '0.2.0', '0.3.0', '0.4.0'].map((version) => release(version, compatible));
    const onDisk = () => readdirSync(path.join(root, 'releases', 'cart')).sort();
    // Retention 1: the newest release stays, and whatever is in use (live, canary, rollback
    // targets, recently live); 0.2.0 and 0.3.0 are none of these.
    deploy('cart', '--release', ids[0]!);
    expect(onDisk()).toEqual([ids[0], ids[3]].sort());
    expect(deploy('cart', '--canary', ids[3]!, '--percent', '30').out).toContain(`canary ${ids[3]} at 30%`);
    const next = release('0.5.0', compatible);
    deploy('cart', '--release', next);
    expect(onDisk()).toEqual([ids[0], ids[3], next].sort());
    expect(deploy('cart', '--canary', ids[3]!, '--percent', '0').out).toContain(`canary ${ids[3]} stopped`);
    expect(deploy('cart', '--canary', ids[3]!).err).toContain('--canary needs --percent N');
  });
});

/**
 * A shell build providing `shared`, the router exports `routerExports` and the shared-events
 * exports `events`, of which `deprecated` are marked deprecated (name -> note); with `events` null,
 * a shell built before the gate read exports.
 */
function shellRelease(
  version: string,
  shared: Record<string, string>,
  routerExports: string[],
  events: string[] | null = ['bus', 'cart'],
  deprecated: Record<string, string> = {},
): string {
  const build = mkdtempSync(path.join(tmpdir(), 'shell-build-'));
  writeFileSync(path.join(build, 'mf-manifest.json'), JSON.stringify({ name: 'shell', shared: [] }));
  writeFileSync(path.join(build, 'index.html'), `<!doctype html><title>${version}</title>`);
  const contract = events
    ? { shared, routerExports, provides: { 'react-router-dom': routerExports, 'shared-events': events }, deprecated: { 'shared-events': deprecated } }
    : { shared, routerExports };
  writeFileSync(path.join(build, 'shell-contract.json'), JSON.stringify(contract));
  return createRelease(path.join(root, 'releases'), 'shell', build, version).id;
}

describe('npm run deploy -w shell', () => {
  it('promotes a shell that runs every live remote, then checks later remote releases against that shell', () => {
    deploy('cart', '--release', release('0.1.0', compatible, routerImports('Link', 'useNavigate')));
    const shell = shellRelease('0.1.0', shellProvides, ['Link', 'useNavigate']);
    expect(deploy('shell', '--release', shell)).toMatchObject({ status: 0, out: expect.stringMatching(new RegExp(`shell +promote ${shell}  by team-cart`)) });
    // The shell build (SHELL_DIST) has NavLink; the live shell release does not.
    const refused = deploy('cart', '--release', release('0.2.0', compatible, routerImports('NavLink')));
    expect(refused.err).toContain(`cannot run in the live shell ${shell}: it imports NavLink from react-router-dom`);
    expect(deploy('shell', '--rollback').err).toContain('shell has no earlier release to roll back to');
    expect(deploy('shell', '--list').out).toMatch(new RegExp(`${shell} .*\\(live\\)`));
  });

  it('refuses, in one line, a shell that cannot run a live remote release, and leaves the live shell alone', () => {
    const cart = release('0.1.0', compatible, { ...routerImports('Link', 'useNavigate'), 'shared-events': ['bus', 'cart'] });
    deploy('cart', '--release', cart);
    const cases: [string, string][] = [
      [shellRelease('0.2.0', shellProvides, ['Link']), `cannot run the live cart release ${cart}: it imports useNavigate from react-router-dom`],
      [
        shellRelease('0.2.1', shellProvides, shellExports, ['bus']),
        `cannot run the live cart release ${cart}: it imports cart from shared-events, which the shell does not provide`,
      ],
      [
        shellRelease('0.3.0', { ...shellProvides, react: '20.0.0', 'react-dom': '20.0.0' }, shellExports),
        `cannot run the live cart release ${cart}: it needs react ^19.0.0, the shell provides 20.0.0`,
      ],
      [
        shellRelease('0.4.0', { ...shellProvides, 'shared-events': '0.2.0' }, shellExports),
        'it needs the shared-events bus contract ^0.1.0, the shell provides 0.2.0',
      ],
    ];
    for (const [id, reason] of cases) {
      const refused = deploy('shell', '--release', id);
      expect(refused.status).toBe(1);
      expect(refused.err).toContain(
        `[deploy] refused: shell ${id} ${reason.startsWith('cannot') ? reason : `cannot run the live cart release ${cart}: ${reason}`}`,
      );
      expect(refused.err.trim().split('\n')).toHaveLength(1);
    }
    expect(
      deploy('shell', '--release', shellRelease('0.5.0', shellProvides, shellExports), '--url', 'https://cdn.example.com/shell/mf-manifest.json').err,
    ).toContain('the shell is served by the gateway itself');
    expect(deploy('--history', 'shell').out).toContain('No promotions yet');
  });

  it('checks a remote served from its own build against what that build recorded it imports', () => {
    const cartDist = path.join(root, 'cart-dist');
    mkdirSync(cartDist);
    writeFileSync(
      path.join(cartDist, 'mf-manifest.json'),
      JSON.stringify({ name: 'cart', shared: [{ name: 'react', requiredVersion: '^19.0.0', singleton: true }] }),
    );
    env.CART_DIST = cartDist;
    const newerReact = shellRelease('0.2.0', { ...shellProvides, react: '20.0.0' }, shellExports);
    expect(deploy('shell', '--release', newerReact).err).toContain(
      `shell ${newerReact} cannot run the live cart build (${cartDist}): it needs react ^19.0.0, the shell provides 20.0.0`,
    );
    // A build from before builds recorded their imports: checked by ranges only.
    expect(deploy('shell', '--release', shellRelease('0.3.0', shellProvides, ['Link'], []))).toMatchObject({ status: 0 });
    writeFileSync(path.join(cartDist, 'shared-imports.json'), JSON.stringify({ 'react-router-dom': ['Link'], 'shared-events': ['cart'] }));
    expect(deploy('shell', '--release', shellRelease('0.4.0', shellProvides, ['Link'], ['bus'])).err).toContain(
      `cannot run the live cart build (${cartDist}): it imports cart from shared-events, which the shell does not provide`,
    );
    expect(deploy('shell', '--release', shellRelease('0.5.0', shellProvides, ['Link'], ['cart'])).status).toBe(0);
  });
});

describe('a release importing a shared-events export that the live shell lacks (issue #34)', () => {
  const needsWishlist = { 'shared-events': ['cart', 'wishlist'], 'react-router-dom': ['Link'] };

  it('is refused, naming the export, until a shell that has it is live; that shell cannot then be replaced by one without it', () => {
    const older = shellRelease('0.1.0', shellProvides, shellExports, ['bus', 'cart']);
    expect(deploy('shell', '--release', older).status).toBe(0);
    const cart = release('0.2.0', compatible, needsWishlist);
    const refused = deploy('cart', '--release', cart);
    expect(refused).toMatchObject({
      status: 1,
      err: `[deploy] refused: cart ${cart} cannot run in the live shell ${older}: it imports wishlist from shared-events, which the shell does not provide\n`,
    });
    expect(deploy('cart', '--canary', cart, '--percent', '10').err).toContain('it imports wishlist from shared-events');

    const newer = shellRelease('0.1.1', shellProvides, shellExports, ['bus', 'cart', 'wishlist']);
    expect(deploy('shell', '--release', newer).status).toBe(0);
    expect(deploy('cart', '--release', cart)).toMatchObject({ status: 0, out: expect.stringContaining(`promote ${cart}`) });
    expect(deploy('shell', '--rollback')).toMatchObject({
      status: 1,
      err: `[deploy] refused: shell ${older} cannot run the live cart release ${cart}: it imports wishlist from shared-events, which the shell does not provide\n`,
    });
    expect(deploy('shell', '--rollback', '--force')).toMatchObject({
      status: 0,
      out: expect.stringContaining(`[deploy] note: --force: shell ${older} was not checked against what is live`),
    });
    expect(deploy('--history').out).toContain(`rollback ${older} (was ${newer})`);
  });

  it('is refused while a canary shell lacks it, and a shell that drops it is refused while the release is live', () => {
    const withWishlist = shellRelease('0.1.1', shellProvides, shellExports, ['bus', 'cart', 'wishlist']);
    deploy('shell', '--release', withWishlist);
    const cart = release('0.2.0', compatible, needsWishlist);
    expect(deploy('cart', '--release', cart).status).toBe(0);

    const dropsIt = shellRelease('0.1.2', shellProvides, shellExports, ['bus', 'cart']);
    expect(deploy('shell', '--canary', dropsIt, '--percent', '10').err).toBe(
      `[deploy] refused: shell ${dropsIt} cannot run the live cart release ${cart}: it imports wishlist from shared-events, which the shell does not provide\n`,
    );
    expect(deploy('shell', '--release', dropsIt).status).toBe(1);
  });

  it('is checked by version ranges only in front of a shell built before the gate read exports, and so is a release made before then', () => {
    const unrecorded = shellRelease('0.1.0', shellProvides, shellExports, null);
    expect(deploy('shell', '--release', unrecorded).out).toContain(
      `[deploy] note: shell ${unrecorded} lists only its router's exports (built before the gate read them)`,
    );
    const cart = release('0.2.0', compatible, needsWishlist);
    expect(deploy('cart', '--release', cart)).toMatchObject({
      status: 0,
      err: '',
      out: expect.stringContaining(
        `[deploy] note: the live shell ${unrecorded} lists only its router's exports (built before the gate read them): cart ${cart} was checked by version ranges and router exports only`,
      ),
    });
    const build = mkdtempSync(path.join(tmpdir(), 'cart-build-'));
    writeFileSync(
      path.join(build, 'mf-manifest.json'),
      JSON.stringify({ name: 'cart', shared: [{ name: 'shared-events', requiredVersion: '^0.1.0', singleton: true }] }),
    );
    const legacy = createRelease(path.join(root, 'releases'), 'cart', build, '0.0.9').id;
    expect(deploy('shell', '--release', shellRelease('0.1.1', shellProvides, shellExports, ['bus'])).err).toContain(
      'it imports cart, wishlist from shared-events',
    );
    expect(deploy('cart', '--release', legacy)).toMatchObject({
      status: 0,
      out: expect.stringContaining(`[deploy] note: cart ${legacy} records no imports (released before the gate read them): checked by version ranges only`),
    });
    expect(deploy('shell', '--release', shellRelease('0.1.2', shellProvides, shellExports, ['bus'])).status).toBe(0);
  });
});

describe('shared-events changing without a lockstep release (issue #45 point 5, decision 0048)', () => {
  const builtFor = (range: string) => ({ ...compatible, 'shared-events': range });
  const importing = (...names: string[]) => ({ 'react-router-dom': ['Link'], 'shared-events': names });
  const shellWith = (version: string, events: string[], deprecated: Record<string, string> = {}) =>
    shellRelease(`${version}-shell`, { ...shellProvides, 'shared-events': version }, shellExports, events, deprecated);
  const moveOff = 'move off them before a major version removes them (shared-events/README.md)';

  it('promotes a shell whose shared-events added an export in front of remotes built for the version before, 0.2 included', () => {
    expect(deploy('shell', '--release', shellWith('0.2.2', ['bus', 'cart'])).status).toBe(0);
    const cart = release('0.2.0', builtFor('^0.2.1'), importing('bus', 'cart'));
    expect(deploy('cart', '--release', cart).status).toBe(0);
    const next = shellWith('1.1.0', ['basket', 'bus', 'cart']);
    expect(deploy('shell', '--release', next)).toMatchObject({ status: 0, err: '', out: expect.stringContaining(`promote ${next}`) });
    expect(deploy('cart', '--release', release('0.3.0', builtFor('^1.1.0'), importing('basket')))).toMatchObject({ status: 0, err: '' });
  });

  it('reports each live remote and the release being promoted that still import a deprecated export, and promotes them', () => {
    expect(deploy('shell', '--release', shellWith('1.0.0', ['bus', 'cart'])).status).toBe(0);
    const cart = release('0.1.0', builtFor('^1.0.0'), importing('bus', 'cart'));
    expect(deploy('cart', '--release', cart)).toMatchObject({ status: 0, out: expect.not.stringContaining('warning') });
    const deprecating = shellWith('1.1.0', ['basket', 'bus', 'cart'], { cart: 'use basket' });
    expect(deploy('shell', '--release', deprecating)).toMatchObject({
      status: 0,
      err: '',
      out: expect.stringContaining(
        `[deploy] warning: the live cart release ${cart} imports what shell ${deprecating} marks deprecated: cart from shared-events (use basket); ${moveOff}\n`,
      ),
    });
    const again = release('0.2.0', builtFor('^1.0.0'), importing('cart'));
    expect(deploy('cart', '--release', again)).toMatchObject({
      status: 0,
      out: expect.stringContaining(
        `[deploy] warning: cart ${again} imports what the live shell ${deprecating} marks deprecated: cart from shared-events (use basket); ${moveOff}\n`,
      ),
    });
    expect(deploy('cart', '--release', release('0.3.0', builtFor('^1.1.0'), importing('basket'))).out).not.toContain('warning');
  });

  it('refuses a shell whose shared-events removed an export a live remote imports, naming the export and the remote', () => {
    deploy('shell', '--release', shellWith('1.1.0', ['basket', 'bus', 'cart'], { cart: 'use basket' }));
    const cart = release('0.1.0', builtFor('^1.0.0'), importing('bus', 'cart'));
    deploy('cart', '--release', cart);
    const removed = shellWith('2.0.0', ['basket', 'bus']);
    expect(deploy('shell', '--release', removed)).toMatchObject({
      status: 1,
      err: `[deploy] refused: shell ${removed} cannot run the live cart release ${cart}: it imports cart from shared-events, which the shell does not provide\n`,
    });
  });

  it('promotes a shell whose shared-events removed an export no live remote imports', () => {
    deploy('shell', '--release', shellWith('1.1.0', ['basket', 'bus', 'cart'], { cart: 'use basket' }));
    deploy('cart', '--release', release('0.1.0', builtFor('^1.1.0'), importing('basket', 'bus')));
    const removed = shellWith('2.0.0', ['basket', 'bus']);
    expect(deploy('shell', '--release', removed)).toMatchObject({ status: 0, err: '', out: expect.stringContaining(`promote ${removed}`) });
  });
});
