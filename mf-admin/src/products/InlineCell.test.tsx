import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ProductDetail } from '../api/catalogApi.ts';
import type { ProductInput } from 'catalog-api/products';
import { StaffApiError } from '../api/staffApi.ts';
import { InlineCell } from './InlineCell.tsx';

const stored = (priceCents: number): ProductDetail => ({
  id: 7,
  title: 'Desk Lamp',
  category: 'furniture',
  brand: null,
  sku: 'LMP-7',
  priceCents,
  stock: 12,
  thumbnail: '',
  description: '',
  color: null,
  discountPercentage: 0,
  rating: 0,
  tags: [],
});

function setup(answer: () => Promise<ProductDetail>) {
  const sent: ProductInput[] = [];
  const saved: ProductDetail[] = [];
  render(
    <InlineCell
      kind="price"
      value={2499}
      title="Desk Lamp"
      save={(change) => {
        sent.push(change);
        return answer();
      }}
      onSaved={(product) => saved.push(product)}
    />,
  );
  return { sent, saved };
}

const open = () => fireEvent.click(screen.getByRole('button', { name: /change the price of Desk Lamp$/ }));
const field = () => screen.getByRole('textbox', { name: 'Price of Desk Lamp' });

describe('a price changed in place', () => {
  it('Enter saves what was typed and says so; focus goes back to the value', async () => {
    const { sent, saved } = setup(() => Promise.resolve(stored(1950)));
    open();
    expect((field() as HTMLInputElement).value).toBe('24.99');
    expect(document.activeElement).toBe(field());
    fireEvent.change(field(), { target: { value: '19.50' } });
    await act(async () => fireEvent.keyDown(field(), { key: 'Enter' }));
    expect(sent).toEqual([{ price: 19.5 }]);
    expect(saved.map((p) => p.priceCents)).toEqual([1950]);
    expect(screen.getByRole('status').textContent).toBe('Saved');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /change the price of Desk Lamp$/ }));
  });

  it('Escape cancels without sending; a malformed value is named beside the field and not sent', () => {
    const { sent } = setup(() => Promise.resolve(stored(1)));
    open();
    fireEvent.change(field(), { target: { value: '19.999' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field().getAttribute('aria-describedby')!)?.textContent).toBe('At most two decimals.');
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: /change the price of Desk Lamp$/ }).textContent).toBe('$24.99');
    expect(sent).toEqual([]);
  });

  it('a refusal puts the old price back and shows the reason', async () => {
    setup(() => Promise.reject(new StaffApiError(403, "Changing the catalogue is for the shop's staff")));
    open();
    fireEvent.change(field(), { target: { value: '5' } });
    await act(async () => fireEvent.keyDown(field(), { key: 'Enter' }));
    expect(screen.getByRole('alert').textContent).toBe("Not saved: Changing the catalogue is for the shop's staff");
    expect(screen.getByRole('button', { name: /change the price of Desk Lamp$/ }).textContent).toBe('$24.99');
  });
});
