import { createIntentKeys, intentOf } from './intentKeys.ts';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('Idempotency-Keys per intended action', () => {
  it('sends the same key for a double click or a retry of the same action', () => {
    const keys = createIntentKeys(counter());
    const ship = intentOf('o1', 'ship', { carrier: 'dhl', trackingNumber: 'JD0123456' });
    expect(keys.keyFor(ship)).toBe('key-1');
    expect(keys.keyFor(intentOf('o1', 'ship', { carrier: 'dhl', trackingNumber: 'JD0123456' }))).toBe('key-1');
  });

  it('gives another action, or the same action with other details, its own key', () => {
    const keys = createIntentKeys(counter());
    expect(keys.keyFor(intentOf('o1', 'ship', { carrier: 'dhl', trackingNumber: 'JD0123456' }))).toBe('key-1');
    expect(keys.keyFor(intentOf('o1', 'ship', { carrier: 'dhl', trackingNumber: 'JD0999999' }))).toBe('key-2');
    expect(keys.keyFor(intentOf('o2', 'pack', undefined))).toBe('key-3');
  });

  it('makes a new key once the action has its final answer', () => {
    const keys = createIntentKeys(counter());
    const refund = intentOf('o1', 'refund', { lines: [{ productId: '1', quantity: 1 }] });
    keys.keyFor(refund);
    keys.settle(refund);
    expect(keys.keyFor(refund)).toBe('key-2');
  });

  it('makes keys the API accepts by default', () => {
    expect(createIntentKeys().keyFor('x')).toMatch(/^[A-Za-z0-9_.:-]{8,200}$/);
  });
});
