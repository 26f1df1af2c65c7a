/**
 * Which actions an order's page offers, by its status and the staff member's role, and the checks
 * of what staff type before it is sent. The server decides (mf-checkout/server/staff/lifecycle.ts
 * and routes.ts); these mirror its rules so the page offers only what can succeed and says what
 * is wrong with a tracking number before the round trip.
 */
import type { OrderStatus } from '../orders/listQuery.ts';
import type { Action, OrderLine, RefundLineRequest } from '../api/types.ts';

export type StaffRole = 'staff' | 'admin';

const MOVES_FROM: Record<'pack' | 'ship' | 'deliver', readonly OrderStatus[]> = { pack: ['paid'], ship: ['packed'], deliver: ['shipped'] };
const CANCELLABLE: readonly OrderStatus[] = ['paid', 'packed'];
const REFUNDABLE: readonly OrderStatus[] = ['paid', 'packed', 'shipped', 'delivered', 'cancelled'];

/** Cancelling and refunding move money: the API keeps them to admins. */
const ADMIN_ONLY: ReadonlySet<Action> = new Set(['cancel', 'refund']);

/** Actions that cannot be undone and are confirmed before they are sent. */
export const CONFIRMED: ReadonlySet<Action> = new Set(['cancel', 'refund']);

export function allowedActions(order: { status: OrderStatus; totalCents: number; refundedCents: number }, role: StaffRole): Action[] {
  const actions: Action[] = [];
  for (const move of ['pack', 'ship', 'deliver'] as const) if (MOVES_FROM[move].includes(order.status)) actions.push(move);
  if (CANCELLABLE.includes(order.status)) actions.push('cancel');
  if (REFUNDABLE.includes(order.status) && order.refundedCents < order.totalCents) actions.push('refund');
  return actions.filter((action) => role === 'admin' || !ADMIN_ONLY.has(action));
}

/** The carriers the API accepts (mf-checkout/server/staff/carriers.ts), with the name staff see. */
export const CARRIERS = [
  { code: 'dhl', name: 'DHL' },
  { code: 'ups', name: 'UPS' },
  { code: 'fedex', name: 'FedEx' },
  { code: 'usps', name: 'USPS' },
  { code: 'royal-mail', name: 'Royal Mail' },
  { code: 'dpd', name: 'DPD' },
] as const;

export type ShipmentProblem = 'carrierMissing' | 'trackingInvalid';

/** The shipment as the API takes it (tracking numbers upper-cased, spaces around dropped), or what is wrong. */
export function checkShipment(input: {
  carrier: string;
  trackingNumber: string;
}): { carrier: string; trackingNumber: string } | { problems: ShipmentProblem[] } {
  const trackingNumber = input.trackingNumber.trim().toUpperCase();
  const problems: ShipmentProblem[] = [];
  if (!CARRIERS.some((carrier) => carrier.code === input.carrier)) problems.push('carrierMissing');
  if (!/^[A-Z0-9-]{6,40}$/.test(trackingNumber)) problems.push('trackingInvalid');
  return problems.length ? { problems } : { carrier: input.carrier, trackingNumber };
}

/** Units of each line that may still be refunded. */
export function refundableUnits(line: OrderLine): number {
  return Math.max(0, line.quantity - line.refundedQuantity);
}

/**
 * The lines of a refund from the quantities staff chose (product id -> units), each clamped to
 * what the line may still refund; empty when nothing is chosen.
 */
export function refundLines(lines: readonly OrderLine[], chosen: Readonly<Record<string, number>>): RefundLineRequest[] {
  return lines
    .map((line) => ({ productId: line.productId, quantity: Math.min(Math.max(0, Math.floor(chosen[line.productId] ?? 0)), refundableUnits(line)) }))
    .filter((line) => line.quantity > 0);
}
