import { bus } from 'shared-events';

export default function SearchBox() {
  return <span data-remote="catalog" data-bus-id={bus.instanceId}>Search</span>;
}
