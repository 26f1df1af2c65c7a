import { bus } from 'shared-events';

export default function LoginPage() {
  return (
    <section data-remote="account" data-bus-id={bus.instanceId}>
      <h1>Login</h1>
    </section>
  );
}
