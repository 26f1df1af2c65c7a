import type { StaffOrderLine as OrderLine } from 'orders-api/staff';
import { allowedActions, checkShipment, refundLines } from './actionRules.ts';

const order = (status: Parameters<typeof allowedActions>[0]['status'], refundedCents = 0) => ({ status, totalCents: 5000, refundedCents });

describe('what an order page offers', () => {
  it('moves a paid order along one step at a time', () => {
    expect(allowedActions(order('paid'), 'staff')).toEqual(['pack']);
    expect(allowedActions(order('packed'), 'staff')).toEqual(['ship']);
    expect(allowedActions(order('shipped'), 'staff')).toEqual(['deliver']);
    expect(allowedActions(order('delivered'), 'staff')).toEqual([]);
  });

  it('lets only admins cancel and refund, and only while there is money left to give back', () => {
    expect(allowedActions(order('paid'), 'admin')).toEqual(['pack', 'cancel', 'refund']);
    expect(allowedActions(order('packed'), 'admin')).toEqual(['ship', 'cancel', 'refund']);
    expect(allowedActions(order('delivered', 1000), 'admin')).toEqual(['refund']);
    expect(allowedActions(order('delivered', 5000), 'admin')).toEqual([]);
    expect(allowedActions(order('refunded', 5000), 'admin')).toEqual([]);
  });

  it('offers nothing on an order that was never paid', () => {
    for (const status of ['pending', 'failed'] as const) expect(allowedActions(order(status), 'admin')).toEqual([]);
  });
});

describe('a shipment', () => {
  it('is sent with the tracking number as the carrier prints it', () => {
    expect(checkShipment({ carrier: 'dhl', trackingNumber: ' jd-0123456 ' })).toEqual({ carrier: 'dhl', trackingNumber: 'JD-0123456' });
  });

  it('says what is missing or wrong before anything is sent', () => {
    expect(checkShipment({ carrier: '', trackingNumber: '12345' })).toEqual({ problems: ['carrierMissing', 'trackingInvalid'] });
    expect(checkShipment({ carrier: 'ups', trackingNumber: '1Z 999 AA1' })).toEqual({ problems: ['trackingInvalid'] });
    expect(checkShipment({ carrier: 'pigeon', trackingNumber: 'ABC123456' })).toEqual({ problems: ['carrierMissing'] });
  });
});

describe('a refund of chosen lines', () => {
  const lines: OrderLine[] = [
    { productId: '1', title: 'Lamp', unitCents: 1000, quantity: 3, lineCents: 3000, refundedQuantity: 1 },
    { productId: '2', title: 'Rug', unitCents: 2000, quantity: 1, lineCents: 2000, refundedQuantity: 0 },
  ];

  it('asks for the chosen units of each line, never more than the line has left', () => {
    expect(refundLines(lines, { '1': 5, '2': 1 })).toEqual([
      { productId: '1', quantity: 2 },
      { productId: '2', quantity: 1 },
    ]);
  });

  it('leaves out lines with nothing chosen', () => {
    expect(refundLines(lines, { '1': 0, '2': -1 })).toEqual([]);
    expect(refundLines(lines, { '2': 1 })).toEqual([{ productId: '2', quantity: 1 }]);
  });
});
