import { incompatibility, reexportedNames, routerImportsOf, type ShellContract } from './compatibility.ts';

const shell: ShellContract = {
  shared: { react: '19.2.1', 'react-dom': '19.2.1', 'react-router-dom': '7.9.0', 'shared-events': '0.1.0' },
  routerExports: ['Link', 'NavLink', 'useNavigate', 'useParams'],
};
const needs = (overrides: Record<string, string> = {}, routerImports: string[] = ['Link']) => ({
  shared: Object.entries({ react: '^19.0.0', 'react-dom': '^19.0.0', 'react-router-dom': '^7.0.0', 'shared-events': '^0.1.0', ...overrides }).map(([name, requiredVersion]) => ({ name, requiredVersion, singleton: true })),
  routerImports,
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
    expect(incompatibility(shell, needs({}, ['Link', 'useBlocker']))).toBe(
      "it uses useBlocker from react-router-dom, which the shell's router subset does not provide (add it to shell/src/router/react-router-dom.ts first; decision 0011)",
    );
  });

  it('no, for a singleton the shell does not share at all', () => {
    expect(incompatibility({ ...shell, shared: { react: '19.2.1' } }, needs())).toBe('it needs react-dom ^19.0.0, which the shell does not provide');
  });
});

describe('reading imports and exports from source', () => {
  it('collects named router imports, not type-only ones, and resolves aliases', () => {
    const source = `import { Link, useNavigate as go } from 'react-router-dom';\nimport type { To } from "react-router-dom";\nimport { type Location, useParams } from 'react-router-dom';\nimport { map } from 'rxjs';`;
    expect(routerImportsOf(source)).toEqual(['Link', 'useNavigate', 'useParams']);
  });

  it("lists the shell subset's value re-exports (types need no runtime export)", () => {
    expect(reexportedNames(`export {\n  Link,\n  NavLink,\n  useParams,\n} from 'react-router';\nexport type { To } from 'react-router';`)).toEqual(['Link', 'NavLink', 'useParams']);
  });
});
