/** @jest-environment jsdom */
import { IDEMPOTENCY_STORAGE_KEY, cartFingerprint, createIdempotencyKeys } from './idempotency.ts';

let counter = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

beforeEach(() => {
  sessionStorage.clear();
  counter = 0;
});

describe('cartFingerprint', () => {
  it('depends on what is bought and the coupon, not on the order of the lines', () => {
    const a = cartFingerprint(
      [
        { id: 1, qun: 2 },
        { id: 7, qun: 1 },
      ],
      undefined,
    );
    expect(
      cartFingerprint(
        [
          { id: 7, qun: 1 },
          { id: 1, qun: 2 },
        ],
        undefined,
      ),
    ).toBe(a);
    expect(
      cartFingerprint(
        [
          { id: 1, qun: 1 },
          { id: 7, qun: 1 },
          { id: 1, qun: 1 },
        ],
        undefined,
      ),
    ).toBe(a);
    expect(
      cartFingerprint(
        [
          { id: 1, qun: 3 },
          { id: 7, qun: 1 },
        ],
        undefined,
      ),
    ).not.toBe(a);
    expect(
      cartFingerprint(
        [
          { id: 1, qun: 2 },
          { id: 7, qun: 1 },
        ],
        'SAVE10',
      ),
    ).not.toBe(a);
  });
});

describe('idempotency keys', () => {
  it('gives the same key for the same cart until it is forgotten', () => {
    const keys = createIdempotencyKeys(sessionStorage, uuid);
    const first = keys.keyFor('1:2|');
    expect(keys.keyFor('1:2|')).toBe(first);
    keys.forget();
    const second = keys.keyFor('1:2|');
    expect(second).not.toBe(first);
  });

  it('gives a new key when the cart changes', () => {
    const keys = createIdempotencyKeys(sessionStorage, uuid);
    const first = keys.keyFor('1:2|');
    const other = keys.keyFor('1:3|');
    expect(other).not.toBe(first);
    // The old cart's key is gone: going back is a new attempt.
    expect(keys.keyFor('1:2|')).not.toBe(first);
  });

  it('survives a reload of the page (a new instance reads sessionStorage)', () => {
    const key = createIdempotencyKeys(sessionStorage, uuid).keyFor('1:2|');
    expect(JSON.parse(sessionStorage.getItem(IDEMPOTENCY_STORAGE_KEY) ?? '{}')).toEqual({ fingerprint: '1:2|', key });
    expect(createIdempotencyKeys(sessionStorage, uuid).keyFor('1:2|')).toBe(key);
    createIdempotencyKeys(sessionStorage, uuid).forget();
    expect(sessionStorage.getItem(IDEMPOTENCY_STORAGE_KEY)).toBeNull();
  });

  it('ignores a damaged stored entry', () => {
    sessionStorage.setItem(IDEMPOTENCY_STORAGE_KEY, '{"fingerprint":"1:2|","key":"not-a-uuid"}');
    expect(createIdempotencyKeys(sessionStorage, uuid).keyFor('1:2|')).toBe('00000000-0000-4000-8000-000000000001');
    sessionStorage.setItem(IDEMPOTENCY_STORAGE_KEY, 'not json');
    expect(createIdempotencyKeys(sessionStorage, uuid).keyFor('1:2|')).toMatch(/^00000000-/);
  });

  it('keeps working in memory when storage is missing or throws', () => {
    const none = createIdempotencyKeys(undefined, uuid);
    const key = none.keyFor('1:2|');
    expect(none.keyFor('1:2|')).toBe(key);

    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const keys = createIdempotencyKeys(broken, uuid);
    const stable = keys.keyFor('5:1|');
    expect(keys.keyFor('5:1|')).toBe(stable);
    keys.forget();
    expect(keys.keyFor('5:1|')).not.toBe(stable);
  });

  it('makes real UUIDs by default', () => {
    expect(createIdempotencyKeys(sessionStorage).keyFor('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
