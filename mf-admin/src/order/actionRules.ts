/**
 * Which actions an order's page offers, by its status and the staff member's role, and the check of
 * a shipment before it is sent: the staff API's own rules and request schema (orders-api), so the page
 * offers only what can succeed and says what is wrong with a tracking number before the round trip.
 */
import {
  CANCELLABLE_STATUSES,
  CARRIERS,
  MOVES,
  REFUNDABLE_STATUSES,
  STAFF_ACTIONS,
  type OrderStatus,
  type StaffAction as Action,
  type StaffRole,
} from 'orders-api/facts';
import { shipmentRequest, type RefundLineRequest, type Shipment, type StaffOrderLine as OrderLine } from 'orders-api/staff';

export type { StaffRole } from 'orders-api/facts';

const isIn = (statuses: readonly OrderStatus[], status: OrderStatus) => statuses.includes(status);

/** Actions that cannot be undone and are confirmed before they are sent. */
export const CONFIRMED: ReadonlySet<Action> = new Set(['cancel', 'refund']);

export function allowedActions(order: { status: OrderStatus; totalCents: number; refundedCents: number }, role: StaffRole): Action[] {
  const actions: Action[] = [];
  for (const move of ['pack', 'ship', 'deliver'] as const) if (isIn(MOVES[move].from, order.status)) actions.push(move);
  if (isIn(CANCELLABLE_STATUSES, order.status)) actions.push('cancel');
  if (isIn(REFUNDABLE_STATUSES, order.status) && order.refundedCents < order.totalCents) actions.push('refund');
  return actions.filter((action) => role === 'admin' || STAFF_ACTIONS[action] === 'staff');
}

/** The carriers the API accepts, with the name staff see. */
export const CARRIER_OPTIONS = Object.entries(CARRIERS).map(([code, carrier]) => ({ code, name: carrier.name }));

export type ShipmentProblem = 'carrierMissing' | 'trackingInvalid';

/** The shipment as the API takes it (tracking numbers upper-cased, spaces around dropped), or what is wrong. */
export function checkShipment(input: { carrier: string; trackingNumber: string }): Shipment | { problems: ShipmentProblem[] } {
  const parsed = shipmentRequest.safeParse(input);
  if (parsed.success) return parsed.data;
  return { problems: [...new Set(parsed.error.issues.map((issue): ShipmentProblem => (issue.path[0] === 'carrier' ? 'carrierMissing' : 'trackingInvalid')))] };
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
