import { bus } from 'shared-events';

export default function SearchPage() {
  return (
    <section data-remote="catalog" data-bus-id={bus.instanceId}>
      <h1>Searching Results...</h1>
    </section>
  );
}
