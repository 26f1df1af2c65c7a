/**
 * @jest-environment node
 */
import { importJobExample, importStartedExample, productExample, productListExample } from 'catalog-api/testing';
import { createCatalogApi } from './catalogApi.ts';
import { UnexpectedAnswerError } from './parse.ts';
import { StaffApiError } from './staffApi.ts';

type Call = { url: string; init: RequestInit };

function fakeFetch(answers: { status: number; body: unknown }[]) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift() ?? { status: 500, body: null };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}

const tokens: boolean[] = [];
const token = async (fresh: boolean) => {
  tokens.push(fresh);
  return fresh ? 'fresh-token' : 'old-token';
};

describe('the catalogue API client', () => {
  beforeEach(() => tokens.splice(0));

  it('lists newest first, or searches, without a token, in cents', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 200, body: productListExample },
      { status: 200, body: { products: [], total: 0, skip: 20, limit: 20 } },
    ]);
    const api = createCatalogApi({ fetch, token });
    const page = await api.list({ q: '', skip: 0, limit: 20 });
    expect(page.products[0]).toMatchObject({ id: 7, priceCents: 2499, stock: 12 });
    await api.list({ q: 'lamp', skip: 20, limit: 20 });
    expect(calls[0]!.url).toMatch(/^\/api\/catalog\/products\?limit=20&skip=0&select=[^&]+&sortBy=id&order=desc$/);
    expect(calls[1]!.url).toMatch(/^\/api\/catalog\/products\/search\?limit=20&skip=20&select=[^&]+&q=lamp$/);
    expect(calls.every((call) => !(call.init.headers as Record<string, string>).authorization)).toBe(true);
    expect(tokens).toEqual([]);
  });

  it('changes with the ID token, once more with a fresh one after a 401, and says why it was refused', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 401, body: { message: 'expired' } },
      { status: 200, body: { ...productExample, price: 19.5 } },
      { status: 403, body: { message: "Changing the catalogue is for the shop's staff" } },
    ]);
    const api = createCatalogApi({ fetch, token });
    expect(await api.update(7, { price: 19.5 })).toMatchObject({ priceCents: 1950 });
    expect(calls.map((call) => [call.init.method, (call.init.headers as Record<string, string>).authorization, call.init.body])).toEqual([
      ['PATCH', 'Bearer old-token', '{"price":19.5}'],
      ['PATCH', 'Bearer fresh-token', '{"price":19.5}'],
    ]);
    const refused = await api.create({ title: 'X' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StaffApiError);
    expect(refused).toMatchObject({ status: 403, message: "Changing the catalogue is for the shop's staff", refused: true });
  });

  it('starts imports of files and addresses and reads their progress', async () => {
    const job = importJobExample;
    const { fetch, calls } = fakeFetch([
      { status: 202, body: importStartedExample },
      { status: 202, body: { ...importStartedExample, id: 'j2' } },
      { status: 200, body: job },
      { status: 200, body: { ...job, processed: 'many' } },
    ]);
    const api = createCatalogApi({ fetch, token });
    expect(await api.startImport({ kind: 'file', contentType: 'text/csv', text: 'id,title\n' })).toEqual({ id: importStartedExample.id });
    expect(await api.startImport({ kind: 'url', url: 'https://dummyjson.com/products' })).toEqual({ id: 'j2' });
    expect(calls.map((call) => [call.url, (call.init.headers as Record<string, string>)['content-type'], call.init.body])).toEqual([
      ['/api/catalog/products/imports', 'text/csv', 'id,title\n'],
      ['/api/catalog/products/imports', 'application/json', '{"url":"https://dummyjson.com/products"}'],
    ]);
    expect(await api.importJob(job.id)).toEqual(job);
    await expect(api.importJob(job.id)).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});
