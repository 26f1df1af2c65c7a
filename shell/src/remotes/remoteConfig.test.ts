import { parseRemoteConfig } from './remoteConfig.ts';

describe('parseRemoteConfig', () => {
  it('reads where each remote lives', () => {
    expect(parseRemoteConfig({ remotes: { cart: '/remotes/cart/mf-manifest.json' } })).toEqual({
      cart: '/remotes/cart/mf-manifest.json',
    });
  });

  it('ignores remotes this shell does not know', () => {
    expect(parseRemoteConfig({ remotes: { wishlist: '/remotes/wishlist/mf-manifest.json' } })).toEqual({});
  });

  it('rejects a malformed file with a message', () => {
    expect(() => parseRemoteConfig({ remotes: { cart: '' } })).toThrow(/remotes.json is malformed/);
    expect(() => parseRemoteConfig([])).toThrow(/remotes.json is malformed/);
  });
});
