import { bus } from 'shared-events';

export default function MiniCart() {
  return <span data-remote="cart" data-bus-id={bus.instanceId}>Cart</span>;
}
