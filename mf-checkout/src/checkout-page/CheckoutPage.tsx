import { bus } from 'shared-events';

export default function CheckoutPage() {
  return (
    <section data-remote="checkout" data-bus-id={bus.instanceId}>
      <h1>Checkout</h1>
    </section>
  );
}
