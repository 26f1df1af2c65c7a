/**
 * @jest-environment jsdom
 */
import { renderHook, waitFor } from '@testing-library/react';
import { resetPageScope } from 'shared-events';
import { createCatalogClient } from './client.ts';
import { useRequest } from './useRequest.ts';

const product = { id: 4, title: 'Desk Lamp', price: 19.5, stock: 3, thumbnail: '' };

function pageCarries(answers: Record<string, { status: number; body: unknown }>): void {
  document.head.innerHTML = `<script type="application/json" id="route-data">${JSON.stringify({ answers })}</script>`;
  resetPageScope();
}

// jsdom has no Response: what the client reads of one.
const answering = (body: unknown) => jest.fn(async () => ({ ok: true, status: 200, json: async () => body }) as Response);

afterEach(() => {
  document.head.innerHTML = '';
  resetPageScope();
});

describe('answers the page carries', () => {
  it('knows the product the page carries without asking, and asks the catalogue when told to load', async () => {
    pageCarries({ '/api/catalog/products/4': { status: 200, body: product } });
    const fetch = answering({ ...product, title: 'Desk Lamp (fresh)' });
    const client = createCatalogClient({ fetch });
    expect(client.peekProduct(4)).toMatchObject({ ok: true, data: { title: 'Desk Lamp' } });
    expect(client.peekProduct(5)).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
    expect((await client.getProduct(4)).title).toBe('Desk Lamp (fresh)');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says a product the page found missing is missing, without asking', async () => {
    pageCarries({ '/api/catalog/products/8': { status: 404, body: { message: 'not found' } } });
    const fetch = jest.fn();
    expect(createCatalogClient({ fetch }).peekProduct(8)).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('starts a screen with the data the page carries and loads nothing for it, then loads a new key as usual', async () => {
    pageCarries({ '/api/catalog/products/4': { status: 200, body: product } });
    const fetch = answering({ ...product, id: 5, title: 'Floor Lamp' });
    const client = createCatalogClient({ fetch });
    const { result, rerender } = renderHook(
      ({ id }) =>
        useRequest(
          `product:${id}`,
          (signal) => client.getProduct(id, signal),
          () => client.peekProduct(id),
        ),
      {
        initialProps: { id: 4 },
      },
    );
    expect(result.current).toMatchObject({ status: 'success', data: { title: 'Desk Lamp' } });
    rerender({ id: 5 });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: { title: 'Floor Lamp' } }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
