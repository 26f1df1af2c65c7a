import { bus } from 'shared-events';

export default function ShopPage() {
  return (
    <section data-remote="catalog" data-bus-id={bus.instanceId}>
      <h1>Product</h1>
    </section>
  );
}
