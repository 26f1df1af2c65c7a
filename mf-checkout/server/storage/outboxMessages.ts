import { randomUUID } from 'node:crypto';
import type { Lang, Order } from '../orders/model.ts';
import type { OrderEvent, OrderRefund } from './repository.ts';
import type { MessageContent, NewMessage } from './outbox.ts';

/**
 * The messages an order's changes write into the outbox, built from the order as the transaction
 * sees it: the row keeps what the templates need, so a later change of the order cannot change a
 * message already written.
 */

/** Stable for the message's lifetime: every attempt sends the same Message-ID header. */
export const messageIdFor = (id: string) => `<${id}@outbox.storefront>`;

function message(content: MessageContent, fields: { dedupeKey: string; orderId: string | null; recipient: string; lang: Lang; at: string }): NewMessage {
  const id = randomUUID();
  return {
    ...content,
    id,
    messageId: messageIdFor(id),
    dedupeKey: fields.dedupeKey,
    orderId: fields.orderId,
    recipient: fields.recipient,
    lang: fields.lang,
    createdAt: fields.at,
  };
}

const orderFields = (order: Order) => ({ orderId: order.id, orderNumber: order.number, firstName: order.billing.firstName });

export function confirmationMessage(order: Order, at: string): NewMessage {
  return message(
    {
      kind: 'order-confirmation',
      data: {
        ...orderFields(order),
        lines: order.lines.map((line) => ({ title: line.title, quantity: line.quantity, amountCents: line.lineCents })),
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        totalCents: order.totalCents,
        coupon: order.coupon,
      },
    },
    { dedupeKey: `order-confirmation:${order.id}`, orderId: order.id, recipient: order.email, lang: order.lang, at },
  );
}

/** The shipping notice of a `shipped` event whose detail holds the shipment (staff/carriers.ts shipmentView). */
export function shippedMessage(order: Order, event: OrderEvent): NewMessage | null {
  const shipment = event.detail.shipment as { carrierName?: unknown; trackingNumber?: unknown; trackingUrl?: unknown } | undefined;
  if (!shipment || typeof shipment.trackingUrl !== 'string') return null;
  return message(
    {
      kind: 'order-shipped',
      data: {
        ...orderFields(order),
        carrierName: String(shipment.carrierName),
        trackingNumber: String(shipment.trackingNumber),
        trackingUrl: shipment.trackingUrl,
      },
    },
    { dedupeKey: `order-shipped:${order.id}:${event.id}`, orderId: order.id, recipient: order.email, lang: order.lang, at: event.at },
  );
}

/** The notice of a succeeded refund; `refundedCents` is the order's total refunded with this one. */
export function refundedMessage(order: Order, refund: OrderRefund, refundedCents: number, at: string): NewMessage {
  const titles = new Map(order.lines.map((line) => [line.productId, line.title]));
  return message(
    {
      kind: 'order-refunded',
      data: {
        ...orderFields(order),
        amountCents: refund.amountCents,
        lines: refund.lines
          .filter((line) => line.quantity > 0)
          .map((line) => ({ title: titles.get(line.productId) ?? `#${line.productId}`, quantity: line.quantity, amountCents: line.amountCents })),
        cancelled: refund.kind === 'cancel',
        refundedCents,
        totalCents: order.totalCents,
      },
    },
    { dedupeKey: `order-refunded:${refund.id}`, orderId: order.id, recipient: order.email, lang: order.lang, at },
  );
}

export function passwordResetMessage(email: string, lang: Lang, link: string, at: string): NewMessage {
  const id = randomUUID();
  return { ...message({ kind: 'password-reset', data: { link } }, { dedupeKey: `password-reset:${id}`, orderId: null, recipient: email, lang, at }) };
}
