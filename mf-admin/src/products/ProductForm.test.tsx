import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ProductDetail } from '../api/catalogApi.ts';
import type { ProductInput } from 'catalog-api/products';
import { ProductForm } from './ProductForm.tsx';

const lamp: ProductDetail = {
  id: 7,
  title: 'Desk Lamp',
  category: 'furniture',
  brand: 'Lumo',
  sku: 'LMP-7',
  priceCents: 2499,
  stock: 12,
  thumbnail: '',
  description: 'A lamp.',
  color: 'black',
  discountPercentage: 5,
  rating: 4.5,
  tags: ['light'],
};

function setup(product: ProductDetail | null) {
  const sent: ProductInput[] = [];
  const stored: ProductDetail[] = [];
  render(
    <ProductForm
      product={product}
      send={(input) => {
        sent.push(input);
        return Promise.resolve({ ...lamp, ...input, priceCents: Math.round((input.price ?? 24.99) * 100) } as ProductDetail);
      }}
      onStored={(next) => stored.push(next)}
    />,
  );
  return { sent, stored };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (label: string) => document.getElementById(field(label).getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent;

describe('the product form', () => {
  it('names each wrong field beside it and sends nothing', () => {
    const { sent } = setup(null);
    fireEvent.change(field('Category'), { target: { value: 'Home Decor' } });
    fireEvent.change(field('Price ($)'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Title')).toBe('Required.');
    expect(errorOf('Category')).toMatch(/^Lower-case letters and digits/);
    expect(errorOf('Price ($)')).toBe('At most two decimals.');
    expect(screen.getByRole('alert').textContent).toBe('Check the fields marked below.');
    expect(sent).toEqual([]);
  });

  it('sends only the fields an edit changed, and says when nothing did', async () => {
    const { sent, stored } = setup(lamp);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Nothing has changed.')).toBeTruthy();
    fireEvent.change(field('Price ($)'), { target: { value: '19,90' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    expect(sent).toEqual([{ price: 19.9 }]);
    expect(stored).toHaveLength(1);
    expect(screen.getByText('Saved.')).toBeTruthy();
  });
});
