import { interactionNames, interactionRoles, type InteractionLabel, type InteractionName, type InteractionRole } from './beacon.ts';

// What an INP is attributed to, read from the element the shopper interacted with: its role and the
// interaction's name where the page gives one. Only those two come out of the page, both from fixed
// lists: never an element's text, a field's value or what a shopper typed.

const isRole = (value: string): value is InteractionRole => (interactionRoles as readonly string[]).includes(value);
const isName = (value: string | null | undefined): value is InteractionName => (interactionNames as readonly string[]).includes(value ?? '');

/** The nearest element a shopper acts on: a click on a button's icon is a click on the button. */
const CONTROL = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  ...interactionRoles.filter((role) => role !== 'other').map((role) => `[role="${role}"]`),
].join(',');

function inputRole(input: HTMLInputElement): InteractionRole {
  switch (input.type) {
    case 'checkbox':
    case 'radio':
      return input.type;
    case 'range':
      return 'slider';
    case 'button':
    case 'submit':
    case 'reset':
    case 'image':
      return 'button';
    case 'search':
      return input.hasAttribute('list') ? 'combobox' : 'searchbox';
    case 'text':
    case 'email':
    case 'tel':
    case 'url':
      return input.hasAttribute('list') ? 'combobox' : 'textbox';
    default:
      return 'other';
  }
}

/** Its ARIA role: the first token of its role attribute, or what its tag implies (HTML-AAM). */
function roleOf(element: Element): InteractionRole {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit) return isRole(explicit) ? explicit : 'other';
  switch (element.tagName) {
    case 'A':
      return element.hasAttribute('href') ? 'link' : 'other';
    case 'BUTTON':
    case 'SUMMARY':
      return 'button';
    case 'SELECT': {
      const select = element as HTMLSelectElement;
      return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
    }
    case 'TEXTAREA':
      return 'textbox';
    case 'INPUT':
      return inputRole(element as HTMLInputElement);
    default:
      return 'other';
  }
}

/**
 * The interaction `target` (an event's target) belongs to: the role of the control it is in, and
 * the listed name of the nearest `data-interaction` around it. Undefined for no element (it left
 * the page before it was measured).
 */
export function describeInteraction(target: Node | null | undefined): InteractionLabel | undefined {
  const element = target instanceof Element ? target : (target?.parentElement ?? null);
  if (!element) return undefined;
  const role = roleOf(element.closest(CONTROL) ?? element);
  const name = element.closest('[data-interaction]')?.getAttribute('data-interaction');
  return isName(name) ? { role, name } : { role };
}

/**
 * The label as the one string web-vitals carries from an element to the metric (its
 * `generateTarget` option): "button add-to-cart", "link".
 */
export function interactionTarget(target: Node | null): string | undefined {
  const label = describeInteraction(target);
  return label && (label.name ? `${label.role} ${label.name}` : label.role);
}

/** The label back from that string; undefined for anything else (web-vitals' own CSS selector, ''). */
export function interactionFromTarget(text: string | undefined): InteractionLabel | undefined {
  const [role = '', name, ...rest] = (text ?? '').split(' ');
  if (!isRole(role) || rest.length > 0) return undefined;
  if (name === undefined) return { role };
  return isName(name) ? { role, name } : undefined;
}
