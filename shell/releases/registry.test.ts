import { emptyRegistry, manifestFor, promote, RegistryError, releasesInUse, rollback, setCanary, type RegistryState } from './registry.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute));
const change = (minute = 0) => ({ remote: 'cart' as const, by: 'team-cart', at: at(minute) });
const ref = (id: string) => ({ id, manifest: `/releases/cart/${id}/mf-manifest.json` });
const fallback = '/remotes/cart/mf-manifest.json';

describe('the release registry', () => {
  it('serves the configured default until something is promoted, then the live release', () => {
    let state: RegistryState = emptyRegistry();
    expect(manifestFor(state, 'cart', 50, fallback)).toBe(fallback);
    state = promote(state, ref('1.0.0-aaaaaaaaaa'), change());
    expect(manifestFor(state, 'cart', 50, fallback)).toBe('/releases/cart/1.0.0-aaaaaaaaaa/mf-manifest.json');
    expect(manifestFor(state, 'catalog', 50, '/remotes/catalog/mf-manifest.json')).toBe('/remotes/catalog/mf-manifest.json');
  });

  it('rolls back to the release that was live before, step by step, and says so when there is none', () => {
    let state = promote(emptyRegistry(), ref('1.0.0-aaaaaaaaaa'), change(1));
    state = promote(state, ref('1.1.0-bbbbbbbbbb'), change(2));
    state = promote(state, ref('1.2.0-cccccccccc'), change(3));
    state = rollback(state, change(4));
    expect(state.remotes.cart?.live?.id).toBe('1.1.0-bbbbbbbbbb');
    state = rollback(state, change(5));
    expect(state.remotes.cart?.live?.id).toBe('1.0.0-aaaaaaaaaa');
    expect(() => rollback(state, change(6))).toThrow(new RegistryError('cart has no earlier release to roll back to'));
  });

  it('records who did what and when, in order', () => {
    let state = promote(emptyRegistry(), ref('1.0.0-aaaaaaaaaa'), change(1));
    state = promote(state, ref('1.1.0-bbbbbbbbbb'), change(2));
    state = rollback(state, { ...change(3), by: 'on-call' });
    expect(state.history).toEqual([
      { at: at(1).toISOString(), remote: 'cart', by: 'team-cart', action: 'promote', release: '1.0.0-aaaaaaaaaa' },
      { at: at(2).toISOString(), remote: 'cart', by: 'team-cart', action: 'promote', release: '1.1.0-bbbbbbbbbb', from: '1.0.0-aaaaaaaaaa' },
      { at: at(3).toISOString(), remote: 'cart', by: 'on-call', action: 'rollback', release: '1.0.0-aaaaaaaaaa', from: '1.1.0-bbbbbbbbbb' },
    ]);
    expect(state.version).toBe(3);
  });

  it('refuses to promote what is already live', () => {
    const state = promote(emptyRegistry(), ref('1.0.0-aaaaaaaaaa'), change());
    expect(() => promote(state, ref('1.0.0-aaaaaaaaaa'), change())).toThrow('1.0.0-aaaaaaaaaa is already live for cart');
  });

  it('gives a canary to the shoppers whose bucket falls under its percentage; 0 stops it; promoting it ends it', () => {
    let state = promote(emptyRegistry(), ref('1.0.0-aaaaaaaaaa'), change(1));
    state = setCanary(state, ref('1.1.0-bbbbbbbbbb'), 30, change(2));
    const served = Array.from({ length: 100 }, (_, bucket) => manifestFor(state, 'cart', bucket, fallback));
    expect(served.filter((manifest) => manifest.includes('1.1.0')).length).toBe(30);
    expect(manifestFor(state, 'cart', 29, fallback)).toContain('1.1.0');
    expect(manifestFor(state, 'cart', 30, fallback)).toContain('1.0.0');
    const stopped = setCanary(state, ref('1.1.0-bbbbbbbbbb'), 0, change(3));
    expect(stopped.remotes.cart?.canary).toBeUndefined();
    expect(stopped.history.at(-1)).toMatchObject({ action: 'canary-off', release: '1.1.0-bbbbbbbbbb' });
    const everyone = setCanary(state, ref('1.1.0-bbbbbbbbbb'), 100, change(4));
    expect(everyone.remotes.cart?.live?.id).toBe('1.1.0-bbbbbbbbbb');
    expect(everyone.remotes.cart?.canary).toBeUndefined();
    expect(() => setCanary(state, ref('1.1.0-bbbbbbbbbb'), 101, change())).toThrow('--percent must be a whole number from 0 to 100');
  });

  it('keeps on disk what is live, canary, a rollback target, or was live within the grace period', () => {
    let state = promote(emptyRegistry(), ref('1.0.0-aaaaaaaaaa'), change(0));
    state = promote(state, ref('1.1.0-bbbbbbbbbb'), change(10));
    state = rollback(state, change(20));
    state = setCanary(state, ref('1.2.0-cccccccccc'), 10, change(30));
    // 1.1.0 was live from minute 10 to 20: still needed 5 minutes later, not after an hour.
    expect(releasesInUse(state, 'cart', at(35), 60 * 60_000)).toEqual(new Set(['1.0.0-aaaaaaaaaa', '1.1.0-bbbbbbbbbb', '1.2.0-cccccccccc']));
    const muchLater = new Date(at(30).getTime() + 2 * 3_600_000);
    expect(releasesInUse(state, 'cart', muchLater, 60 * 60_000)).toEqual(new Set(['1.0.0-aaaaaaaaaa', '1.2.0-cccccccccc']));
  });
});
