// Every port npm start's stack listens on, in one list: its variable, its default, what listens there,
// and its place in a moved stack. The stack's configuration reads its ports from this list, and
// every second stack (the browser tests', the soak's, the Lighthouse bench's) moves by it, so a port
// added here is moved everywhere and a second stack never meets a developer's npm start on one.

export interface StackPort {
  /** Its name in the stack's configuration (`config.ports`). */
  name: string;
  /** The environment variable that sets it. */
  variable: string;
  /** npm start's port. */
  default: number;
  /** Its port in a stack moved to a base: base + offset (offsets below 200, each its own). */
  offset: number;
  /** The stack's service that listens on it (tools/stack/services.ts). */
  service: string;
  /** What listens, as the "port in use" message names it. */
  owner: string;
}

export const STACK_PORTS = [
  { name: 'gateway', variable: 'PORT', default: 3000, offset: 0, service: 'gateway', owner: 'storefront' },
  { name: 'catalog', variable: 'CATALOG_PORT', default: 3101, offset: 101, service: 'catalog', owner: 'catalogue service' },
  { name: 'checkout', variable: 'CHECKOUT_PORT', default: 3102, offset: 102, service: 'checkout', owner: 'checkout service' },
  { name: 'authEmulator', variable: 'AUTH_EMULATOR_PORT', default: 9099, offset: 199, service: 'auth', owner: 'Firebase Auth emulator' },
  { name: 'databaseEmulator', variable: 'DATABASE_EMULATOR_PORT', default: 9000, offset: 100, service: 'database', owner: 'Realtime Database server' },
  { name: 'stripeMock', variable: 'STRIPE_MOCK_PORT', default: 12111, offset: 111, service: 'stripe-mock', owner: 'Stripe test-mode server' },
  { name: 'localStripe', variable: 'LOCAL_STRIPE_PORT', default: 12112, offset: 112, service: 'local-stripe', owner: 'local Stripe (PaymentIntents)' },
  // The local mail catcher (stand-ins/mail): its SMTP server for the checkout's messages and its inbox in the browser.
  { name: 'mailSmtp', variable: 'MAIL_SMTP_PORT', default: 1025, offset: 125, service: 'mail', owner: 'mail catcher (SMTP)' },
  { name: 'mailWeb', variable: 'MAIL_WEB_PORT', default: 1080, offset: 180, service: 'mail', owner: 'mail catcher (inbox)' },
  // Each service's Prometheus metrics, on loopback listeners apart from the shop's ports (decision 0032).
  { name: 'gatewayMetrics', variable: 'GATEWAY_METRICS_PORT', default: 9464, offset: 170, service: 'gateway', owner: "gateway's metrics" },
  { name: 'catalogMetrics', variable: 'CATALOG_METRICS_PORT', default: 9465, offset: 171, service: 'catalog', owner: "catalogue's metrics" },
  { name: 'checkoutMetrics', variable: 'CHECKOUT_METRICS_PORT', default: 9466, offset: 172, service: 'checkout', owner: "checkout's metrics" },
] as const satisfies readonly StackPort[];

export type StackPortName = (typeof STACK_PORTS)[number]['name'];
export type StackPorts = Record<StackPortName, number>;

/** Every port of a stack moved to `base`, by name. */
export function stackPortsAt(base: number): StackPorts {
  return Object.fromEntries(STACK_PORTS.map((port) => [port.name, base + port.offset])) as StackPorts;
}

/** The environment that moves every port of the stack to `base` (for tools/stack/start.ts). */
export function stackPortEnv(base: number): Record<string, string> {
  return Object.fromEntries(STACK_PORTS.map((port) => [port.variable, String(base + port.offset)]));
}
