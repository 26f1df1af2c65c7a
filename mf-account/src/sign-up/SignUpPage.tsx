import { bus } from 'shared-events';

export default function SignUpPage() {
  return (
    <section data-remote="account" data-bus-id={bus.instanceId}>
      <h1>Sign Up</h1>
    </section>
  );
}
