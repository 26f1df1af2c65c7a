/**
 * @jest-environment jsdom
 */
import { createSafeStorage } from './safeStorage.ts';

beforeEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

const storageEvent = (init: StorageEventInit): StorageEvent => new StorageEvent('storage', init);

describe('createSafeStorage', () => {
  it('reads and writes localStorage when it works', () => {
    const storage = createSafeStorage();
    storage.write('k', 'v');
    expect(localStorage.getItem('k')).toBe('v');
    localStorage.setItem('k', 'w');
    expect(storage.read('k')).toBe('w');
    expect(storage.read('missing')).toBeNull();
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('keeps values in memory when localStorage throws on access, and warns once', () => {
    const storage = createSafeStorage({
      backing: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(storage.read('k')).toBeNull();
    storage.write('k', '1');
    storage.write('k', '2');
    expect(storage.read('k')).toBe('2');
    expect(console.warn).toHaveBeenCalledTimes(1);
  });

  it('keeps values in memory when getItem and setItem throw', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('broken');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('broken');
    });
    const storage = createSafeStorage();
    expect(storage.read('k')).toBeNull();
    storage.write('k', 'v');
    expect(storage.read('k')).toBe('v');
  });

  it('prefers a value that missed the quota over the stale durable one, until a write succeeds', () => {
    localStorage.setItem('k', 'old');
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const storage = createSafeStorage();
    storage.write('k', 'new');
    expect(storage.read('k')).toBe('new');
    setItem.mockRestore();
    storage.write('k', 'newer');
    expect(localStorage.getItem('k')).toBe('newer');
    expect(storage.read('k')).toBe('newer');
  });

  it('works without any localStorage or window', () => {
    const storage = createSafeStorage({ backing: () => undefined, events: undefined });
    storage.write('k', 'v');
    expect(storage.read('k')).toBe('v');
    expect(storage.watch('k', () => {})).toEqual(expect.any(Function));
  });
});

describe('watch', () => {
  it('reports other tabs changing the key, and their clear()', () => {
    const seen: Array<string | null> = [];
    createSafeStorage().watch('cart', (value) => seen.push(value));
    window.dispatchEvent(storageEvent({ key: 'cart', newValue: '[1]', storageArea: localStorage }));
    window.dispatchEvent(storageEvent({ key: null, newValue: null, storageArea: localStorage }));
    expect(seen).toEqual(['[1]', null]);
  });

  it('ignores other keys and sessionStorage', () => {
    const onChange = jest.fn();
    createSafeStorage().watch('cart', onChange);
    window.dispatchEvent(storageEvent({ key: 'lang', newValue: 'ru', storageArea: localStorage }));
    window.dispatchEvent(storageEvent({ key: 'cart', newValue: '[]', storageArea: sessionStorage }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stops when asked', () => {
    const onChange = jest.fn();
    const stop = createSafeStorage().watch('cart', onChange);
    stop();
    window.dispatchEvent(storageEvent({ key: 'cart', newValue: '[]', storageArea: localStorage }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("lets another tab's value replace one that never reached storage", () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const storage = createSafeStorage();
    storage.write('cart', 'mine');
    setItem.mockRestore();
    storage.watch('cart', () => {});
    localStorage.setItem('cart', 'theirs');
    window.dispatchEvent(storageEvent({ key: 'cart', newValue: 'theirs', storageArea: localStorage }));
    expect(storage.read('cart')).toBe('theirs');
  });
});
