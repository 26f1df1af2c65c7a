import { bus } from 'shared-events';

export default function AccountMenu() {
  return <span data-remote="account" data-bus-id={bus.instanceId}>Account</span>;
}
