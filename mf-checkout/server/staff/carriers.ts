import { z } from 'zod';

/** The carriers staff pick from when shipping, with where a shopper follows a parcel. */
export const carriers = {
  dhl: { name: 'DHL', trackingUrl: 'https://www.dhl.com/en/express/tracking.html?AWB={number}' },
  ups: { name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum={number}' },
  fedex: { name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={number}' },
  usps: { name: 'USPS', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}' },
  'royal-mail': { name: 'Royal Mail', trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/{number}' },
  dpd: { name: 'DPD', trackingUrl: 'https://www.dpd.co.uk/apps/tracking/?parcel={number}' },
} as const;

export type CarrierCode = keyof typeof carriers;

export const shipmentSchema = z.strictObject({
  carrier: z.enum(Object.keys(carriers) as [CarrierCode, ...CarrierCode[]], { error: `carrier must be one of ${Object.keys(carriers).join(', ')}` }),
  trackingNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{6,40}$/, { error: 'trackingNumber must be 6 to 40 letters, digits or dashes' }),
});

export type Shipment = z.infer<typeof shipmentSchema>;

/** What the shopper's timeline and the shipping notice show of a shipment. */
export function shipmentView(shipment: Shipment) {
  const carrier = carriers[shipment.carrier];
  return {
    carrier: shipment.carrier,
    carrierName: carrier.name,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: carrier.trackingUrl.replace('{number}', encodeURIComponent(shipment.trackingNumber)),
  };
}
