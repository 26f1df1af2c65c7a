import { deprecatedImports, incompatibility, type ShellContract } from './compatibility.ts';

const shell: ShellContract = {
  shared: { react: '19.2.1', 'react-dom': '19.2.1', 'react-router-dom': '7.9.0', 'shared-events': '0.1.0' },
  routerExports: ['Link', 'NavLink', 'useNavigate', 'useParams'],
  provides: {
    react: ['default', 'useState'],
    'react-router-dom': ['Link', 'NavLink', 'useNavigate', 'useParams'],
    'shared-events': ['bus', 'cart'],
  },
};
const needs = (overrides: Record<string, string> = {}, imports: Record<string, string[]> | undefined = { 'react-router-dom': ['Link'] }) => ({
  shared: Object.entries({ react: '^19.0.0', 'react-dom': '^19.0.0', 'react-router-dom': '^7.0.0', 'shared-events': '^0.1.0', ...overrides }).map(
    ([name, requiredVersion]) => ({ name, requiredVersion, singleton: true }),
  ),
  imports,
});

describe('can the live shell run this release?', () => {
  it('yes, when every singleton is inside its range and every router import is in the subset', () => {
    expect(incompatibility(shell, needs())).toBeUndefined();
  });

  it('no, for a React major the shell does not provide', () => {
    expect(incompatibility(shell, needs({ react: '^20.0.0' }))).toBe('it needs react ^20.0.0, the shell provides 19.2.1');
  });

  it('no, for a shared-events build of a later version than the shell provides', () => {
    expect(incompatibility(shell, needs({ 'shared-events': '^0.2.0' }))).toBe(
      'it needs shared-events 0.2.0 or later (built for ^0.2.0), the shell provides 0.1.0',
    );
  });

  it('no, for a router export the shell subset lacks, naming it and where to add it', () => {
    expect(incompatibility(shell, needs({}, { 'react-router-dom': ['Link', 'useBlocker'] }))).toBe(
      "it imports useBlocker from react-router-dom, which the shell's router subset does not provide (add it to shell/src/router/react-router-dom.ts first; decision 0011)",
    );
  });

  it('no, for a shared-events export the shell lacks though its version is in range, naming it', () => {
    expect(incompatibility(shell, needs({}, { 'shared-events': ['cart', 'wishlist'], react: ['useState'] }))).toBe(
      'it imports wishlist from shared-events, which the shell does not provide',
    );
    expect(incompatibility(shell, needs({}, { react: ['default', 'useEffectEvent'] }))).toBe(
      'it imports useEffectEvent from react, which the shell does not provide',
    );
  });

  it('no, for a singleton the shell does not share at all', () => {
    expect(incompatibility({ ...shell, shared: { react: '19.2.1' } }, needs())).toBe('it needs react-dom ^19.0.0, which the shell does not provide');
  });
});

describe('releases and shells from before the gate read exports', () => {
  it('checks a release that records no imports by version ranges only', () => {
    expect(incompatibility(shell, needs({}, undefined))).toBeUndefined();
    expect(incompatibility(shell, needs({ react: '^20.0.0' }, undefined))).toBe('it needs react ^20.0.0, the shell provides 19.2.1');
  });

  it('checks against a shell that records only its router subset the router imports, and nothing it does not record', () => {
    const older: ShellContract = { shared: shell.shared, routerExports: ['Link'] };
    expect(incompatibility(older, needs({}, { 'shared-events': ['wishlist'], 'react-router-dom': ['Link'] }))).toBeUndefined();
    expect(incompatibility(older, needs({}, { 'react-router-dom': ['NavLink'] }))).toMatch(/^it imports NavLink from react-router-dom/);
  });

  it('does not check a module the shell records nothing for (the remote brings its own copy)', () => {
    expect(incompatibility(shell, needs({}, { 'react-dom/server': ['renderToString'] }))).toBeUndefined();
  });
});

describe('shared-events is judged by what a release imports, not by its range (decision 0048)', () => {
  const shellAt = (version: string, exports: string[], deprecated?: Record<string, string>): ShellContract => ({
    ...shell,
    shared: { ...shell.shared, 'shared-events': version },
    provides: { ...shell.provides, 'shared-events': exports },
    deprecated: deprecated && { 'shared-events': deprecated },
  });
  const built = (range: string, imports: string[]) => needs({ 'shared-events': range }, { 'shared-events': imports, 'react-router-dom': ['Link'] });

  it('accepts a build for an older version in a shell whose version added exports, across the move to 1.0 too', () => {
    const added = shellAt('1.1.0', ['bus', 'cart', 'wishlist']);
    expect(incompatibility(added, built('^1.0.0', ['bus', 'cart']))).toBeUndefined();
    expect(incompatibility(added, built('^0.2.1', ['cart']))).toBeUndefined();
    expect(incompatibility(shellAt('1.0.0', ['bus', 'cart']), built('^0.2.1', ['bus', 'cart']))).toBeUndefined();
  });

  it('reports, without refusing, what a release still imports that the shell marks deprecated, with its note', () => {
    const deprecating = shellAt('1.1.0', ['bus', 'cart', 'basket', 'wishlist'], { cart: 'use basket; removed in 2.0.0', wishlist: '' });
    const release = built('^1.0.0', ['bus', 'cart', 'wishlist']);
    expect(incompatibility(deprecating, release)).toBeUndefined();
    expect(deprecatedImports(deprecating, release)).toEqual(['cart from shared-events (use basket; removed in 2.0.0)', 'wishlist from shared-events']);
    expect(deprecatedImports(deprecating, built('^1.1.0', ['bus', 'basket']))).toEqual([]);
  });

  it('refuses a build that imports an export the shell removed, naming it', () => {
    expect(incompatibility(shellAt('2.0.0', ['bus', 'basket']), built('^1.0.0', ['bus', 'cart']))).toBe(
      'it imports cart from shared-events, which the shell does not provide',
    );
  });

  it('accepts a build for the previous major that imports nothing the shell removed', () => {
    expect(incompatibility(shellAt('2.0.0', ['bus', 'basket']), built('^1.0.0', ['bus', 'basket']))).toBeUndefined();
  });

  it('still refuses a shell older than the least version the build was made for (a widened signature is no new export)', () => {
    expect(incompatibility(shellAt('1.1.0', ['bus', 'cart']), built('^1.2.0', ['cart']))).toBe(
      'it needs shared-events 1.2.0 or later (built for ^1.2.0), the shell provides 1.1.0',
    );
  });

  it('judges by range a 0.1 build (it reads store observables 0.2.0 removed) and a release or shell that records no exports', () => {
    expect(incompatibility(shellAt('1.0.0', ['bus', 'cart']), built('^0.1.0', ['cart']))).toBe(
      'it needs the shared-events bus contract ^0.1.0, the shell provides 1.0.0',
    );
    expect(incompatibility(shellAt('1.0.0', ['bus', 'cart']), { ...built('^0.2.1', ['cart']), imports: undefined })).toBe(
      'it needs the shared-events bus contract ^0.2.1, the shell provides 1.0.0',
    );
    const unrecorded: ShellContract = { shared: { ...shell.shared, 'shared-events': '1.0.0' }, routerExports: ['Link'] };
    expect(incompatibility(unrecorded, built('^0.2.1', ['cart']))).toBe('it needs the shared-events bus contract ^0.2.1, the shell provides 1.0.0');
  });
});
