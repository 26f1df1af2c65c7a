import { createSafeStorage } from '../storage/safeStorage.ts';
import { COUPON_STORAGE_KEY, createCouponStore } from './store.ts';
import { memoryStorage } from '../testing/fixtures.ts';

function setup(initial: Record<string, string> = {}) {
  const backing = memoryStorage(initial);
  const store = createCouponStore({ storage: createSafeStorage({ backing: () => backing, events: undefined }) });
  const events: unknown[] = [];
  store.subscribe((code) => events.push(code));
  return { backing, store, events };
}

describe('the coupon store', () => {
  it('keeps an applied code for the checkout, normalized, and tells subscribers', () => {
    const { backing, store, events } = setup();
    expect(store.current).toBeNull();
    expect(store.apply(' save10 ')).toBe(true);
    expect(store.current).toBe('SAVE10');
    expect(backing.getItem(COUPON_STORAGE_KEY)).toBe('SAVE10');
    store.apply('SAVE10');
    store.clear();
    expect(backing.getItem(COUPON_STORAGE_KEY)).toBeNull();
    expect(events).toEqual(['SAVE10', null]);
  });

  it('refuses a malformed code and leaves the applied one alone', () => {
    const { store, events } = setup({ [COUPON_STORAGE_KEY]: 'WELCOME5' });
    expect(store.current).toBe('WELCOME5');
    expect(store.apply('not a code!')).toBe(false);
    expect(store.current).toBe('WELCOME5');
    expect(events).toEqual([]);
  });

  it('reads junk left in the key as no coupon', () => {
    expect(setup({ [COUPON_STORAGE_KEY]: 'x'.repeat(500) }).store.current).toBeNull();
    expect(setup({ [COUPON_STORAGE_KEY]: '{"code":"SAVE10"}' }).store.current).toBeNull();
  });
});
