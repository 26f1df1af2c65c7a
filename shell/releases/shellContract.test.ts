import path from 'node:path';
import { shellContract } from './shellContract.ts';

// What this repository's shell tells the gate it provides (its build writes it as shell-contract.json).

describe("the shell's contract", () => {
  const contract = shellContract(path.join(__dirname, '..'));

  it('lists the exports of every shared-events entry point, types left out', () => {
    expect(contract.provides?.['shared-events']).toEqual(expect.arrayContaining(['bus', 'cart', 'wishlist', 'compare', 'parseCouponCode']));
    expect(contract.provides?.['shared-events']).not.toContain('CartItem');
    expect(contract.provides?.['shared-events']).not.toContain('CouponClient');
    expect(contract.provides?.['shared-events/react']).toEqual(expect.arrayContaining(['useCartItems', 'useWishlistIds', 'fieldWiring']));
    expect(contract.provides?.['shared-events/react']).not.toContain('FieldControl');
  });

  it("lists the router subset's exports, not the whole router", () => {
    expect(contract.provides?.['react-router-dom']).toEqual(expect.arrayContaining(['Link', 'NavLink', 'useNavigate', 'useSearchParams']));
    expect(contract.provides?.['react-router-dom']).not.toContain('useBlocker');
    expect(contract.routerExports).toEqual(contract.provides?.['react-router-dom']);
  });

  it('lists what React, its JSX runtime and react-dom/client export, default included', () => {
    expect(contract.provides?.react).toEqual(expect.arrayContaining(['default', 'useState', 'useSyncExternalStore', 'Suspense']));
    expect(contract.provides?.['react/jsx-runtime']).toEqual(['Fragment', 'default', 'jsx', 'jsxs']);
    expect(contract.provides?.['react-dom/client']).toEqual(expect.arrayContaining(['createRoot', 'hydrateRoot']));
    expect(contract.shared).toEqual({
      react: expect.stringMatching(/^19\./),
      'react-dom': expect.stringMatching(/^19\./),
      'react-router-dom': expect.stringMatching(/^7\./),
      'shared-events': expect.any(String),
    });
  });
});
