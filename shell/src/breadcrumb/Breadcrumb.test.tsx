/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { language } from 'shared-events';
import { Breadcrumb } from './Breadcrumb.tsx';

/** The trail's names after Home, as a shopper or staff member reads them. */
function trailAt(pathname: string): string[] {
  const view = render(
    <MemoryRouter initialEntries={[pathname]}>
      <Breadcrumb />
    </MemoryRouter>,
  );
  const names = screen
    .getAllByRole('listitem')
    .slice(1)
    .map((item) => item.textContent ?? '');
  view.unmount();
  return names;
}

afterEach(() => act(() => language.set('en')));

describe('the breadcrumb', () => {
  test("names a shopper's page by its path, as the spec has it", () => {
    expect(trailAt('/cart-list')).toEqual(['cart list']);
    expect(trailAt('/shop/12')).toEqual(['shop', '12']);
  });

  test("names the back office's screens, not their path segments", () => {
    expect(trailAt('/admin')).toEqual(['Back office']);
    expect(trailAt('/admin/orders')).toEqual(['Back office', 'Orders']);
    expect(trailAt('/admin/figures')).toEqual(['Back office', 'Figures']);
    expect(trailAt('/admin/products')).toEqual(['Back office', 'Products']);
    expect(trailAt('/admin/products/import')).toEqual(['Back office', 'Products', 'Import products']);
    // A product's or an order's own screen names itself once it has loaded it (breadcrumb.navigate).
    expect(trailAt('/admin/products/7')).toEqual(['Back office', 'Products', '7']);
  });

  test('in Russian too', () => {
    act(() => language.set('ru'));
    expect(trailAt('/admin/orders')).toEqual(['Бэк-офис', 'Заказы']);
    expect(trailAt('/admin/products/import')).toEqual(['Бэк-офис', 'Товары', 'Импорт товаров']);
    expect(trailAt('/admin/figures')).toEqual(['Бэк-офис', 'Показатели']);
  });
});
