/**
 * @jest-environment jsdom
 */
import { createCatalogClient } from './client.ts';
import { EMBEDDED_ANSWER_MAX_AGE_MS, resetEmbeddedAnswers, takeEmbeddedAnswer } from './embeddedAnswers.ts';

const product = { id: 4, title: 'Desk Lamp', price: 19.5, stock: 3, thumbnail: '' };

function pageCarries(content: string): void {
  document.head.innerHTML = `<script type="application/json" id="route-data">${content}</script>`;
  resetEmbeddedAnswers();
}

afterEach(() => {
  document.head.innerHTML = '';
  resetEmbeddedAnswers();
});

describe('answers the page carries', () => {
  it('answers the first request for the product from the page, and asks the catalogue after that', async () => {
    pageCarries(JSON.stringify({ answers: { '/api/catalog/products/4': { status: 200, body: product } } }));
    // jsdom has no Response: what the client reads of one.
    const fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ ...product, title: 'Desk Lamp (fresh)' }) }) as Response);
    const client = createCatalogClient({ fetch });
    expect((await client.getProduct(4)).title).toBe('Desk Lamp');
    expect(fetch).not.toHaveBeenCalled();
    expect((await client.getProduct(4)).title).toBe('Desk Lamp (fresh)');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("says a product the page found missing is missing, without asking", async () => {
    pageCarries(JSON.stringify({ answers: { '/api/catalog/products/8': { status: 404, body: { message: 'not found' } } } }));
    const fetch = jest.fn();
    await expect(createCatalogClient({ fetch }).getProduct(8)).rejects.toMatchObject({ kind: 'not-found' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('ignores answers past their age, unreadable data, and pages without any', () => {
    pageCarries(JSON.stringify({ answers: { '/a': { status: 200, body: 1 } } }));
    expect(takeEmbeddedAnswer('/a', EMBEDDED_ANSWER_MAX_AGE_MS + 1)).toBeUndefined();
    pageCarries('{"answers": ');
    expect(takeEmbeddedAnswer('/a', 0)).toBeUndefined();
    pageCarries(JSON.stringify({ answers: { '/a': { body: 1 } } }));
    expect(takeEmbeddedAnswer('/a', 0)).toBeUndefined();
    document.head.innerHTML = '';
    resetEmbeddedAnswers();
    expect(takeEmbeddedAnswer('/a', 0)).toBeUndefined();
  });
});
