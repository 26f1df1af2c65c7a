import { firstValueFrom, take, toArray } from 'rxjs';
import { item } from '../testing/fixtures.ts';
import { createBusChannel, createEventBus, InvalidEventError, type EventBus } from './bus.ts';
import type { EventOf } from './contract.ts';

let bus: EventBus;
let warn: jest.SpyInstance;

beforeEach(() => {
  bus = createEventBus();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => warn.mockRestore());

function collect<T>(source: { subscribe(next: (value: T) => void): unknown }): T[] {
  const seen: T[] = [];
  source.subscribe((value) => seen.push(value));
  return seen;
}

describe('publish and on', () => {
  it('delivers an event to listeners of its type only', () => {
    const toasts = collect(bus.on('toast:requested'));
    const languages = collect(bus.on('language:changed'));
    bus.publish({ type: 'language:changed', v: 1, language: 'ru' });
    expect(languages).toEqual([{ type: 'language:changed', v: 1, language: 'ru' }]);
    expect(toasts).toEqual([]);
  });

  it('gives listeners typed payloads', async () => {
    const next = firstValueFrom(bus.on('auth:changed'));
    bus.publish({ type: 'auth:changed', v: 1, user: { uid: 'u1', email: 'a@b.c', displayName: null } });
    const event: EventOf<'auth:changed'> = await next;
    expect(event.user?.uid).toBe('u1');
  });

  it('shows everything, known or not, on events$', () => {
    const all = collect(bus.events$);
    bus.publish({ type: 'breadcrumb:navigated', v: 1, currentname: 'Shop', previousname: '' });
    expect(all).toEqual([{ type: 'breadcrumb:navigated', v: 1, currentname: 'Shop', previousname: '' }]);
  });

  it('applies contract defaults for listeners', () => {
    const toasts = collect(bus.on('toast:requested'));
    bus.publish({ type: 'toast:requested', v: 1, message: 'Added to Cart Successfully!', kind: 'success' });
    expect(toasts[0]?.durationMs).toBe(2500);
  });
});

describe('tolerance (remotes deploy independently)', () => {
  it('passes unknown event types through without disturbing anyone', () => {
    const all = collect(bus.events$);
    const languages = collect(bus.on('language:changed'));
    const unknown = { type: 'future:thing', v: 1, ids: [1, 2] };
    expect(() => bus.publish(unknown as never)).not.toThrow();
    bus.publish({ type: 'language:changed', v: 1, language: 'ru' });
    expect(all).toEqual([unknown, { type: 'language:changed', v: 1, language: 'ru' }]);
    expect(languages).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('tolerates the events 0.2.0 dropped, still published by an older copy of the module on the page', () => {
    const all = collect(bus.events$);
    const added = collect(bus.on('cart:item-added'));
    const dropped = [
      { type: 'cart:changed', v: 1, items: [item()] },
      { type: 'coupon:changed', v: 1, code: 'SAVE10' },
      { type: 'wishlist:changed', v: 1, ids: [8, 3] },
      { type: 'compare:changed', v: 1, ids: [3] },
      { type: 'remote:failed', v: 1, remote: 'mf_cart', reason: 'timeout' },
    ];
    for (const event of dropped) expect(() => bus.publish(event as never)).not.toThrow();
    bus.publish({ type: 'cart:item-added', v: 1, item: item(), source: 'catalog/shop' });
    expect(all).toHaveLength(dropped.length + 1);
    expect(added).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps unknown fields, at the top and inside payloads', () => {
    const added = collect(bus.on('cart:item-added'));
    const richer = { ...item(), colour: 'red' };
    bus.publish({ type: 'cart:item-added', v: 1, item: richer, source: 'home', traceId: 'abc' } as never);
    expect(added).toEqual([{ type: 'cart:item-added', v: 1, item: richer, source: 'home', traceId: 'abc' }]);
  });

  it('lets a listener ignore versions it does not speak, so a publisher can send v1 and v2 side by side', () => {
    const v1 = collect(bus.on('language:changed'));
    bus.publish({ type: 'language:changed', v: 2, locale: 'ru-RU' } as never);
    bus.publish({ type: 'language:changed', v: 1, language: 'ru' });
    expect(v1).toEqual([{ type: 'language:changed', v: 1, language: 'ru' }]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('drops a malformed event of a known type with a warning, and keeps listening', () => {
    // Only a copy of this module with another view of the contract can put such an event on the
    // wire; it is simulated by writing to the shared channel directly.
    const channel = createBusChannel();
    const shared = createEventBus(channel);
    const crumbs = collect(shared.on('breadcrumb:navigated'));
    channel.wire.next({ type: 'breadcrumb:navigated', v: 1, currentname: 42 });
    shared.publish({ type: 'breadcrumb:navigated', v: 1, currentname: 'shop', previousname: '' });
    expect(crumbs).toEqual([{ type: 'breadcrumb:navigated', v: 1, currentname: 'shop', previousname: '' }]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('malformed "breadcrumb:navigated" v1');
  });
});

describe('publishing validates', () => {
  it.each([
    ['a known event with a bad field', { type: 'toast:requested', v: 1, message: 'Hi', kind: 'shout' }],
    ['a known event missing a field', { type: 'cart:item-added', v: 1, item: item() }],
    ['a cart item without qun', { type: 'cart:item-added', v: 1, item: { ...item(), qun: undefined }, source: 'home' }],
    ['a language the shop does not have', { type: 'language:changed', v: 1, language: 'de' }],
    ['no type', { v: 1 }],
    ['no version', { type: 'cart:item-added', item: item(), source: 'home' }],
    ['a version that is not a positive integer', { type: 'x', v: 0 }],
    ['a string version', { type: 'x', v: '1' }],
    ['not an object', 'cart:item-added'],
  ])('throws InvalidEventError for %s and delivers nothing', (_, event) => {
    const all = collect(bus.events$);
    expect(() => bus.publish(event as never)).toThrow(InvalidEventError);
    expect(all).toEqual([]);
  });

  it('names the event and the field in the error', () => {
    const nameless = { type: 'account:profile', v: 1, uid: '', profile: null } as const;
    expect(() => bus.publish(nameless)).toThrow(/"account:profile" v1[\s\S]*uid/);
  });
});

describe('instances', () => {
  it('has a random instanceId per channel', () => {
    const a = createEventBus();
    const b = createEventBus();
    expect(a.instanceId).toMatch(/^bus-\w+-\w+$/);
    expect(a.instanceId).not.toBe(b.instanceId);
  });

  it('shares id and events between buses made over the same channel', async () => {
    const channel = createBusChannel();
    const shell = createEventBus(channel);
    const remote = createEventBus(channel);
    expect(remote.instanceId).toBe(shell.instanceId);
    const heard = firstValueFrom(shell.on('breadcrumb:navigated').pipe(take(2), toArray()));
    remote.publish({ type: 'breadcrumb:navigated', v: 1, currentname: 'Shop', previousname: '' });
    shell.publish({ type: 'breadcrumb:navigated', v: 1, currentname: 'Cart', previousname: 'Shop' });
    expect((await heard).map((e) => e.currentname)).toEqual(['Shop', 'Cart']);
  });
});
