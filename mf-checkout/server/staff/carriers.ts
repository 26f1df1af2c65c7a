import { CARRIERS } from 'orders-api/facts';
import type { Shipment } from 'orders-api/staff';

/** What the shopper's timeline and the shipping notice show of a shipment. */
export function shipmentView(shipment: Shipment) {
  const carrier = CARRIERS[shipment.carrier];
  return {
    carrier: shipment.carrier,
    carrierName: carrier.name,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: carrier.trackingUrl.replace('{number}', encodeURIComponent(shipment.trackingNumber)),
  };
}
