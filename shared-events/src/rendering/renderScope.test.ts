/**
 * @jest-environment jsdom
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PAGE_ANSWER_MAX_AGE_MS, renderScope, renderScopeFrom, resetPageScope, setRenderScopeStore, pageAnswer, type RenderScope } from './renderScope.ts';

afterEach(() => {
  document.head.innerHTML = '';
  resetPageScope();
});

function pageCarries(content: string): void {
  document.head.innerHTML = `<script type="application/json" id="route-data">${content}</script>`;
  resetPageScope();
}

it("reads the page's language, name and answers once, and answers from them while the page is fresh", () => {
  pageCarries(JSON.stringify({ language: 'ru', pageName: 'Dive Watch', answers: { '/api/catalog/products/1': { status: 200, body: { id: 1 } } } }));
  expect(renderScope()).toMatchObject({ language: 'ru', pageName: 'Dive Watch' });
  expect(pageAnswer('/api/catalog/products/1', 0)).toEqual({ status: 200, body: { id: 1 } });
  expect(pageAnswer('/api/catalog/products/1', PAGE_ANSWER_MAX_AGE_MS)).toEqual({ status: 200, body: { id: 1 } });
  expect(pageAnswer('/api/catalog/products/2', 0)).toBeUndefined();
});

it('ignores answers past their age, unreadable data and a language the shop does not have', () => {
  pageCarries(JSON.stringify({ language: 'de', answers: { '/a': { status: 200, body: 1 }, '/b': { body: 1 } } }));
  expect(renderScope().language).toBe('en');
  expect(pageAnswer('/b', 0)).toBeUndefined();
  expect(pageAnswer('/a', PAGE_ANSWER_MAX_AGE_MS + 1)).toBeUndefined();
  pageCarries('{"answers": ');
  expect(renderScope().answers.size).toBe(0);
});

it('gives each server request its own scope, however their renders interleave, and notes what each screen wanted', async () => {
  const requests = new AsyncLocalStorage<RenderScope>();
  setRenderScopeStore(requests);
  const render = (language: string, name: string) =>
    requests.run(renderScopeFrom({ language, pageName: name, answers: { '/p': { status: 200, body: name } } }), async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      pageAnswer(`/wanted-by-${name}`);
      return {
        language: renderScope().language,
        name: renderScope().pageName,
        answer: pageAnswer('/p', Number.MAX_SAFE_INTEGER)?.body,
        wanted: [...renderScope().wanted],
      };
    });
  const [english, russian] = await Promise.all([render('en', 'one'), render('ru', 'two')]);
  expect(english).toEqual({ language: 'en', name: 'one', answer: 'one', wanted: ['/wanted-by-one'] });
  expect(russian).toEqual({ language: 'ru', name: 'two', answer: 'two', wanted: ['/wanted-by-two'] });
  setRenderScopeStore({ getStore: () => undefined });
});
