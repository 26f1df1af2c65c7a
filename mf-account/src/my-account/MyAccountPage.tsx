import { bus } from 'shared-events';

export default function MyAccountPage() {
  return (
    <section data-remote="account" data-bus-id={bus.instanceId}>
      <h1>My Account</h1>
    </section>
  );
}
