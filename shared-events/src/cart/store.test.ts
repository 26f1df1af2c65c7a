/**
 * @jest-environment jsdom
 */
import { createEventBus, type EventBus } from '../bus/bus.ts';
import type { Envelope } from '../bus/contract.ts';
import { createSafeStorage } from '../storage/safeStorage.ts';
import { item, product } from '../testing/fixtures.ts';
import { CART_STORAGE_KEY, createCartStore } from './store.ts';

let bus: EventBus;
let published: Envelope[];

beforeEach(() => {
  localStorage.clear();
  bus = createEventBus();
  // A fresh array per test: stores from earlier tests still hear the window's storage events.
  const log: Envelope[] = [];
  published = log;
  bus.events$.subscribe((event) => log.push(event));
  jest.restoreAllMocks();
});

const stored = (): unknown => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');

function otherTabWrites(value: string | null, key: string | null = CART_STORAGE_KEY): void {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
}

describe('start-up', () => {
  it('starts empty when nothing is stored', () => {
    expect(createCartStore({ bus }).items).toEqual([]);
  });

  it('loads the stored cart', () => {
    localStorage.setItem('cart', JSON.stringify([item({ qun: 2 })]));
    expect(createCartStore({ bus }).items).toEqual([item({ qun: 2 })]);
  });

  it('repairs a damaged stored cart instead of failing', () => {
    localStorage.setItem('cart', '{"oops"');
    expect(createCartStore({ bus }).items).toEqual([]);
  });

  it('tells subscribers of each later change, until they stop', () => {
    localStorage.setItem('cart', JSON.stringify([item()]));
    const cart = createCartStore({ bus });
    const seen: unknown[] = [];
    const stop = cart.subscribe((items) => seen.push(items));
    expect(seen).toEqual([]);
    cart.incrementAt(0);
    stop();
    cart.incrementAt(0);
    expect(seen).toEqual([[item({ qun: 2 })]]);
  });
});

describe('changes', () => {
  it('saves localStorage["cart"] as a JSON array of items with qun, as the spec says', () => {
    const cart = createCartStore({ bus });
    cart.add({ ...product({ id: 4 }), description: 'Soft', rating: 4.2 });
    cart.add(product({ id: 4 }));
    expect(stored()).toEqual([{ ...product({ id: 4 }), description: 'Soft', rating: 4.2, qun: 2 }]);
    expect(localStorage.getItem('cart')).toBe(JSON.stringify(cart.items));
  });

  it('announces cart:item-added for an add, once subscribers have the new cart', () => {
    const cart = createCartStore({ bus });
    const order: string[] = [];
    cart.subscribe(() => order.push('subscriber'));
    bus.on('cart:item-added').subscribe(() => order.push('cart:item-added'));
    const result = cart.add(product(), 'catalog/product-page');
    expect(result).toMatchObject({ ok: true, item: item() });
    expect(published).toEqual([{ type: 'cart:item-added', v: 1, item: item(), source: 'catalog/product-page' }]);
    expect(order).toEqual(['subscriber', 'cart:item-added']);
  });

  it('refuses an out-of-stock product without saving or publishing', () => {
    const cart = createCartStore({ bus });
    expect(cart.add(product({ stock: 0 }))).toMatchObject({ ok: false, reason: 'out-of-stock' });
    expect(localStorage.getItem('cart')).toBeNull();
    expect(published).toEqual([]);
  });

  it('refuses adding beyond stock', () => {
    const cart = createCartStore({ bus });
    cart.add(product({ stock: 1 }));
    expect(cart.add(product({ stock: 1 }))).toMatchObject({ ok: false, reason: 'stock-limit' });
    expect(cart.items).toEqual([item({ stock: 1, qun: 1 })]);
  });

  it('refuses something that is not a product, whatever the caller typed', () => {
    const cart = createCartStore({ bus });
    const junk = { id: 'x', title: 'Broken', price: Number.NaN, stock: 3 } as unknown as ReturnType<typeof product>;
    expect(cart.add(junk)).toMatchObject({ ok: false, reason: 'invalid-product' });
    expect(published).toEqual([]);
  });

  it('accepts a catalogue product without brand or thumbnail', () => {
    const cart = createCartStore({ bus });
    expect(cart.add({ id: 8, title: 'Apples', price: 1.99, stock: 40 }).ok).toBe(true);
    expect(cart.items[0]).toEqual({
      ...{ id: 8, title: 'Apples', price: 1.99, stock: 40 },
      ...{ thumbnail: '', brand: '', discountPercentage: 0, qun: 1 },
    });
  });

  it('removes, increments and decrements by position, saving each time', () => {
    const cart = createCartStore({ bus });
    let changes = 0;
    cart.subscribe(() => changes++);
    cart.add(product({ id: 1 }));
    cart.add(product({ id: 2 }));
    cart.incrementAt(1);
    cart.incrementAt(1);
    cart.decrementAt(1);
    expect(stored()).toEqual([item({ id: 1 }), item({ id: 2, qun: 2 })]);
    cart.removeAt(0);
    expect(stored()).toEqual([item({ id: 2, qun: 2 })]);
    expect(changes).toBe(6);
  });

  it('does not save or tell anyone when a rule does not apply', () => {
    localStorage.setItem('cart', JSON.stringify([item({ qun: 1, stock: 1 })]));
    const cart = createCartStore({ bus });
    const subscriber = jest.fn();
    cart.subscribe(subscriber);
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    cart.incrementAt(0);
    cart.decrementAt(0);
    cart.removeAt(3);
    expect(setItem).not.toHaveBeenCalled();
    expect(subscriber).not.toHaveBeenCalled();
  });

  it('clears to an empty array', () => {
    const cart = createCartStore({ bus });
    cart.add(product());
    cart.clear();
    expect(cart.items).toEqual([]);
    expect(localStorage.getItem('cart')).toBe('[]');
  });

  it('replaces the items with the valid, repaired part of any list', () => {
    const cart = createCartStore({ bus });
    cart.replace([item({ id: 3, qun: 99 }), { nonsense: true }]);
    expect(cart.items).toEqual([item({ id: 3, qun: 5 })]);
    expect(stored()).toEqual([item({ id: 3, qun: 5 })]);
  });

  it('does not treat a published cart:item-added as an order to add', () => {
    const cart = createCartStore({ bus });
    bus.publish({ type: 'cart:item-added', v: 1, item: item(), source: 'someone' });
    expect(cart.items).toEqual([]);
  });
});

describe('other tabs', () => {
  it('follows a cart saved by another tab, tells subscribers and does not write it back', () => {
    const cart = createCartStore({ bus });
    const seen: unknown[] = [];
    cart.subscribe((items) => seen.push(items));
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    otherTabWrites(JSON.stringify([item({ id: 6, qun: 2 })]));
    expect(cart.items).toEqual([item({ id: 6, qun: 2 })]);
    expect(seen).toEqual([[item({ id: 6, qun: 2 })]]);
    expect(setItem).not.toHaveBeenCalled();
  });

  it('empties when another tab clears storage', () => {
    localStorage.setItem('cart', JSON.stringify([item()]));
    const cart = createCartStore({ bus });
    otherTabWrites(null, null);
    expect(cart.items).toEqual([]);
  });

  it('ignores other keys and changes that leave the cart as it is', () => {
    localStorage.setItem('cart', JSON.stringify([item()]));
    const cart = createCartStore({ bus });
    const subscriber = jest.fn();
    cart.subscribe(subscriber);
    otherTabWrites('ru', 'lang');
    otherTabWrites(JSON.stringify([item()]));
    expect(cart.items).toEqual([item()]);
    expect(subscriber).not.toHaveBeenCalled();
  });

  it('ignores sessionStorage events', () => {
    const cart = createCartStore({ bus });
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: JSON.stringify([item()]), storageArea: sessionStorage }));
    expect(cart.items).toEqual([]);
  });

  it('keeps two tabs in step through real storage writes', () => {
    const tabA = createCartStore({ bus });
    const tabB = createCartStore({ bus: createEventBus() });
    tabA.add(product());
    otherTabWrites(localStorage.getItem('cart'));
    expect(tabB.items).toEqual(tabA.items);
  });
});

describe('when localStorage fails', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('works in memory when localStorage cannot even be touched', () => {
    const storage = createSafeStorage({
      backing: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const cart = createCartStore({ bus, storage });
    cart.add(product());
    cart.incrementAt(0);
    expect(cart.items).toEqual([item({ qun: 2 })]);
    expect(JSON.parse(storage.read('cart') ?? 'null')).toEqual([item({ qun: 2 })]);
  });

  it('keeps going when a write hits the quota', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const cart = createCartStore({ bus });
    expect(cart.add(product()).ok).toBe(true);
    expect(cart.items).toEqual([item()]);
    expect(console.warn).toHaveBeenCalledTimes(1);
  });

  it('works where there is no localStorage at all', () => {
    const cart = createCartStore({ bus, storage: createSafeStorage({ backing: () => undefined, events: undefined }) });
    cart.add(product());
    expect(cart.items).toEqual([item()]);
  });
});
