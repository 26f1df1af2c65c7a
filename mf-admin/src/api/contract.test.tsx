/**
 * The back office's side of the API contracts (decision 0046): what the services answer, as the
 * contracts' examples hold it (the services' contract tests keep those examples shaped like their real
 * answers), is read by this remote's clients and works in its pages' rules. A service change that
 * breaks what a page reads fails here: the answer is refused with one clear error.
 */
import { render, screen } from '@testing-library/react';
import { importJobExample, importStartedExample, productExample, productListExample, searchFiguresExample } from 'catalog-api/testing';
import { vitalsFiguresExample } from 'gateway-api/testing';
import * as staffAnswers from 'orders-api/testing';
import { percentDone } from '../imports/importRules.ts';
import { allowedActions, refundLines } from '../order/actionRules.ts';
import { Timeline } from '../order/Timeline.tsx';
import { draftOf } from '../products/productForm.ts';
import { createCatalogApi } from './catalogApi.ts';
import { UnexpectedAnswerError } from './parse.ts';
import { createStaffApi } from './staffApi.ts';

/** A shop that answers each path with its body (jsdom has no Response: what the clients read of one). */
function shop(routes: Record<string, unknown>) {
  return (url: string) => {
    const body = routes[url.split('?')[0]!];
    const status = body === undefined ? 404 : 200;
    return Promise.resolve({ ok: status === 200, status, json: () => Promise.resolve(body ?? { message: 'Not found' }) } as Response);
  };
}
const token = () => Promise.resolve('token');
const staffPaths = (order: unknown) => ({
  '/api/checkout/staff/orders': staffAnswers.orderPageExample,
  [`/api/checkout/staff/orders/${staffAnswers.orderDetailExample.id}`]: order,
  [`/api/checkout/staff/orders/${staffAnswers.orderDetailExample.id}/ship`]: staffAnswers.moveAnswerExample,
  [`/api/checkout/staff/orders/${staffAnswers.orderDetailExample.id}/refunds`]: staffAnswers.refundAnswerExample,
  '/api/checkout/staff/figures': staffAnswers.figuresAnswerExample,
  '/api/catalog/products/figures/search': searchFiguresExample,
  '/api/figures/vitals': vitalsFiguresExample,
});

describe("the staff API's answers, as the back office reads them", () => {
  const id = staffAnswers.orderDetailExample.id;

  it('lists, opens, moves and refunds an order, and reads the figures', async () => {
    const api = createStaffApi({ fetch: shop(staffPaths(staffAnswers.orderDetailExample)), token });
    expect((await api.listOrders(new URLSearchParams())).orders.map((order) => [order.number, order.status, order.payment])).toEqual([
      [1042, 'shipped', 'partially_refunded'],
    ]);
    const order = await api.order(id);
    // Shipped, one lamp of two refunded: it can be delivered, and an admin may refund what is left (not that lamp twice).
    expect(allowedActions(order, 'admin')).toEqual(['deliver', 'refund']);
    expect(allowedActions(order, 'staff')).toEqual(['deliver']);
    expect(refundLines(order.lines, { '1': 1, '2': 2 })).toEqual([
      { productId: '1', quantity: 1 },
      { productId: '2', quantity: 1 },
    ]);
    await expect(api.act(id, 'ship', 'key-12345678', { carrier: 'dhl', trackingNumber: 'JD0123456789' })).resolves.toMatchObject({ status: 'shipped' });
    await expect(api.act(id, 'refund', 'key-23456789', { lines: [{ productId: '2', quantity: 1 }] })).resolves.toMatchObject({ refund: { amountCents: 500 } });
    expect((await api.figures(2)).hours.map((hour) => hour.orders)).toEqual([0, 1]);
  });

  it("reads the shop's figures from the catalogue and the gateway through their contracts, and refuses one it does not understand", async () => {
    const api = createStaffApi({ fetch: shop(staffPaths(staffAnswers.orderDetailExample)), token });
    await expect(api.searchFigures()).resolves.toMatchObject({ searches: 12, empty: 2 });
    const vitals = await api.vitalsFigures();
    expect(vitals.routes.map((route) => [route.route, route.lcpP75])).toEqual([
      ['/', 1200],
      ['/shop/:id', 1800],
    ]);
    expect(vitals.interactions).toEqual([{ role: 'button', interaction: 'add-to-cart', count: 4, inpP75: 96 }]);
    const { interactions: _none, ...olderGateway } = vitalsFiguresExample;
    const older = createStaffApi({ fetch: shop({ ...staffPaths(staffAnswers.orderDetailExample), '/api/figures/vitals': olderGateway }), token });
    await expect(older.vitalsFigures()).resolves.toMatchObject({ interactions: [] });
    const broken = createStaffApi({
      fetch: shop({ ...staffPaths(staffAnswers.orderDetailExample), '/api/catalog/products/figures/search': { ...searchFiguresExample, searches: -1 } }),
      token,
    });
    await expect(broken.searchFigures()).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });

  it("shows the order's timeline with who did what, the parcel's tracking link and the refund", async () => {
    const order = await createStaffApi({ fetch: shop(staffPaths(staffAnswers.orderDetailExample)), token }).order(id);
    render(<Timeline events={order.timeline} />);
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Payment succeeded',
      'Packed',
      'Shipped',
      'Refunded $5.00',
    ]);
    expect(screen.getByRole('link', { name: 'DHL JD0123456789' }).getAttribute('href')).toBe('https://www.dhl.com/en/express/tracking.html?AWB=JD0123456789');
  });

  it('refuses, with one clear error, an order whose answer lost a field the page reads or names a status it does not know', async () => {
    const { refundedCents: _gone, ...withoutRefunded } = staffAnswers.orderDetailExample;
    const lost = createStaffApi({ fetch: shop(staffPaths(withoutRefunded)), token }).order(id);
    await expect(lost).rejects.toThrow(new UnexpectedAnswerError('refundedCents: Invalid input: expected number, received undefined'));
    const renamed = createStaffApi({ fetch: shop(staffPaths({ ...staffAnswers.orderDetailExample, status: 'dispatched' })), token }).order(id);
    await expect(renamed).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});

describe("the catalogue API's answers, as the back office reads them", () => {
  const catalog = (product: unknown) =>
    createCatalogApi({
      fetch: shop({
        '/api/catalog/products': productListExample,
        '/api/catalog/products/7': product,
        '/api/catalog/products/imports': importStartedExample,
        [`/api/catalog/products/imports/${importJobExample.id}`]: importJobExample,
      }),
      token,
    });

  it('lists products in cents, opens one into the form, and follows an import', async () => {
    expect((await catalog(productExample).list({ q: '', skip: 0, limit: 20 })).products).toEqual([
      expect.objectContaining({ id: 7, title: 'Brass Desk Lamp', priceCents: 2499, brand: 'Lumo', stock: 12 }),
    ]);
    expect(draftOf(await catalog(productExample).product(7))).toMatchObject({ price: '24.99', color: 'yellow', tags: 'lamp, brass', brand: 'Lumo' });
    const started = await catalog(productExample).startImport({ kind: 'url', url: 'https://dummyjson.com/products' });
    expect(percentDone(await catalog(productExample).importJob(started.id))).toBe(100);
  });

  it('refuses, with one clear error, a product whose price went missing', async () => {
    const { price: _gone, ...withoutPrice } = productExample;
    await expect(catalog(withoutPrice).product(7)).rejects.toThrow(new UnexpectedAnswerError('price: Invalid input: expected number, received undefined'));
  });
});
