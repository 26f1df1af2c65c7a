import { incompatibility, type ShellContract } from './compatibility.ts';

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

  it('no, for a newer shared-events bus contract', () => {
    expect(incompatibility(shell, needs({ 'shared-events': '^0.2.0' }))).toBe('it needs the shared-events bus contract ^0.2.0, the shell provides 0.1.0');
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
