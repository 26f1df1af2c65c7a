import { bus } from 'shared-events';

export default function CartPage() {
  return (
    <section data-remote="cart" data-bus-id={bus.instanceId}>
      <h1>Cart</h1>
    </section>
  );
}
