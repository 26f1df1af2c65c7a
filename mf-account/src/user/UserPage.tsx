import { bus } from 'shared-events';

export default function UserPage() {
  return (
    <section data-remote="account" data-bus-id={bus.instanceId}>
      <h1>User</h1>
    </section>
  );
}
