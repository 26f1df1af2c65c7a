import { createEventBus, InvalidEventError } from '../bus/bus.ts';
import type { EventOf } from '../bus/contract.ts';
import { createToaster } from './toast.ts';

function setup() {
  const bus = createEventBus();
  const toasts: Array<EventOf<'toast:requested'>> = [];
  bus.on('toast:requested').subscribe((event) => toasts.push(event));
  return { toaster: createToaster(bus), toasts };
}

it('publishes toast:requested with the spec default of 2500 ms', () => {
  const { toaster, toasts } = setup();
  toaster.show('Added to Cart Successfully!', { kind: 'success' });
  expect(toasts).toEqual([{ type: 'toast:requested', v: 1, message: 'Added to Cart Successfully!', kind: 'success', durationMs: 2500 }]);
});

it('passes position and duration through', () => {
  const { toaster, toasts } = setup();
  toaster.show('Logged in', { kind: 'success', position: 'top-left', durationMs: 4000 });
  expect(toasts[0]).toMatchObject({ position: 'top-left', durationMs: 4000 });
});

it('is an info toast unless told otherwise', () => {
  const { toaster, toasts } = setup();
  toaster.show('Heads up');
  expect(toasts[0]?.kind).toBe('info');
});

it('refuses an empty message or a nonsense duration', () => {
  const { toaster } = setup();
  expect(() => toaster.show('')).toThrow(InvalidEventError);
  expect(() => toaster.show('x', { durationMs: -5 })).toThrow(InvalidEventError);
});
