import { bus } from 'shared-events';

/**
 * A ref for a screen's root element: marks it with the page's bus instance id (`data-bus-id`; tests
 * check every remote shares the shell's bus) once it is in the browser's page. A server render has
 * no page bus and sends no attribute. Written to the element rather than rendered, so hydrating a
 * server-rendered page does not render the whole screen a second time to add it.
 */
export function markBusInstance(element: HTMLElement | null): void {
  if (element) element.dataset.busId = bus.instanceId;
}
