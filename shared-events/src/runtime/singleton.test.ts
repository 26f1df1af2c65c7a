/**
 * @jest-environment jsdom
 */
import { REGISTRY_KEY, singleton } from './singleton.ts';

type SharedEvents = typeof import('../index.ts');

function loadFreshCopy(): SharedEvents {
  let copy: SharedEvents | undefined;
  jest.isolateModules(() => {
    copy = jest.requireActual<SharedEvents>('../index.ts');
  });
  if (!copy) throw new Error('module did not load');
  return copy;
}

describe('singleton', () => {
  it('creates once per name and hands out the same instance afterwards', () => {
    const create = jest.fn(() => ({ made: Math.random() }));
    const first = singleton('test-thing', create);
    expect(singleton('test-thing', create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('keeps its registry on globalThis under a versioned Symbol.for key', () => {
    expect(REGISTRY_KEY).toBe(Symbol.for('shared-events.registry.v2'));
    singleton('test-other', () => 1);
    expect((globalThis as Record<symbol, Map<string, unknown>>)[REGISTRY_KEY]?.get('test-other')).toBe(1);
  });
});

describe('two copies of the module in one page', () => {
  it('share one bus, one cart and every other store', () => {
    const shell = loadFreshCopy();
    const remote = loadFreshCopy();
    expect(remote).not.toBe(shell);
    expect(remote.bus.instanceId).toBe(shell.bus.instanceId);
    for (const name of ['cart', 'session', 'language', 'breadcrumb', 'toast'] as const) {
      expect(remote[name]).toBe(shell[name]);
    }
  });

  it('hear each other on the bus', () => {
    const shell = loadFreshCopy();
    const remote = loadFreshCopy();
    const heard: string[] = [];
    shell.bus.on('toast:requested').subscribe(({ message }) => heard.push(message));
    remote.toast.show('Added to Cart Successfully!', { kind: 'success' });
    expect(heard).toEqual(['Added to Cart Successfully!']);
  });

  it('see the same cart', () => {
    const shell = loadFreshCopy();
    const remote = loadFreshCopy();
    remote.cart.add({ id: 5, title: 'Chair', price: 49.5, stock: 2 }, 'test');
    expect(shell.cart.items.map((i) => i.id)).toEqual([5]);
    expect(shell.session.current).toEqual({ known: false, user: null, profile: null });
  });
});
