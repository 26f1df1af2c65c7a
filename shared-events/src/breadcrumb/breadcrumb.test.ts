import { createEventBus, type EventBus } from '../bus/bus.ts';
import { createBreadcrumb, type BreadcrumbState } from './breadcrumb.ts';

let bus: EventBus;
beforeEach(() => {
  bus = createEventBus();
});

it('starts empty', () => {
  expect(createBreadcrumb(bus).current).toEqual({ currentname: '', previousname: '' });
});

it('records the chosen name as current and the last one as previous', () => {
  const breadcrumb = createBreadcrumb(bus);
  const states: BreadcrumbState[] = [];
  breadcrumb.subscribe((state) => states.push(state));
  breadcrumb.navigate('shop');
  breadcrumb.navigate('contact');
  breadcrumb.navigate('about');
  expect(states).toEqual([
    { currentname: 'shop', previousname: '' },
    { currentname: 'contact', previousname: 'shop' },
    { currentname: 'about', previousname: 'contact' },
  ]);
});

it('applies the rule literally when the same item is chosen twice', () => {
  const breadcrumb = createBreadcrumb(bus);
  breadcrumb.navigate('shop');
  breadcrumb.navigate('shop');
  expect(breadcrumb.current).toEqual({ currentname: 'shop', previousname: 'shop' });
});

it('publishes breadcrumb:navigated with the new state', () => {
  const breadcrumb = createBreadcrumb(bus);
  const events: unknown[] = [];
  bus.events$.subscribe((event) => events.push(event));
  breadcrumb.navigate('cart-list');
  expect(events).toEqual([{ type: 'breadcrumb:navigated', v: 1, currentname: 'cart-list', previousname: '' }]);
});

it('follows breadcrumb:navigated published by a remote', () => {
  const breadcrumb = createBreadcrumb(bus);
  bus.publish({ type: 'breadcrumb:navigated', v: 1, currentname: 'checkout', previousname: 'cart-list' });
  expect(breadcrumb.current).toEqual({ currentname: 'checkout', previousname: 'cart-list' });
});
