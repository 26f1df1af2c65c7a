import { bus } from 'shared-events';

export default function HomePage() {
  return (
    <section data-remote="catalog" data-bus-id={bus.instanceId}>
      <h1>Home</h1>
    </section>
  );
}
