import { bus } from 'shared-events';

export default function ProductPage() {
  return (
    <section data-remote="catalog" data-bus-id={bus.instanceId}>
      <h1>Product detail</h1>
    </section>
  );
}
