import { readSearchLocation, searchHref } from './searchState.ts';

const card = { description: 'A lamp.', discountPercentage: 0, rating: 4.2, brand: 'Lumen', category: 'lighting', thumbnail: '/1.svg' };
const key = [
  { ...card, id: 1, title: 'Desk Lamp', price: 20, stock: 7 },
  { ...card, id: 2, title: 'Floor Lamp', price: 90, stock: 0 },
];

describe('readSearchLocation', () => {
  it('takes the term from ?q= so a reload works', () => {
    expect(readSearchLocation('?q=lamp', null)).toEqual({ term: 'lamp', page: 1, exact: false, handed: null });
  });

  it('uses the navigation state (key, search) when it belongs to the term', () => {
    const location = readSearchLocation('?q=lamp', { key, search: 'lamp' });
    expect(location.term).toBe('lamp');
    expect(location.handed?.map((p) => [p.id, p.stock, p.rating])).toEqual([
      [1, 7, 4.2],
      [2, 0, 4.2],
    ]);
  });

  it('waits for the results rather than guess what a partial hand-over lacks', () => {
    // What an earlier header release handed over: no stock, rating or discount.
    const partial = [{ id: 1, title: 'Desk Lamp', price: 20, thumbnail: '/1.svg' }];
    expect(readSearchLocation('?q=lamp', { key: partial, search: 'lamp' }).handed).toBeNull();
    for (const missing of ['stock', 'rating', 'discountPercentage'] as const) {
      const { [missing]: _left, ...lacking } = key[0]!;
      expect(readSearchLocation('?q=lamp', { key: [key[1], lacking], search: 'lamp' }).handed).toBeNull();
    }
    expect(readSearchLocation('?q=lamp', { key: [key[0], { id: 'broken' }], search: 'lamp' }).handed).toBeNull();
  });

  it('hands over an empty match list as no results', () => {
    expect(readSearchLocation('?q=zzz', { key: [], search: 'zzz' }).handed).toEqual([]);
  });

  it('falls back to the state’s search text when there is no ?q=', () => {
    expect(readSearchLocation('', { key, search: ' lamp ' })).toMatchObject({ term: 'lamp' });
  });

  it('ignores matches handed over for another term, or on a later page', () => {
    expect(readSearchLocation('?q=chair', { key, search: 'lamp' }).handed).toBeNull();
    expect(readSearchLocation('?q=lamp&page=2', { key, search: 'lamp' })).toMatchObject({ page: 2, handed: null });
  });

  it('reads the choice of the words as typed, and then waits for their own results', () => {
    expect(readSearchLocation('?q=lmap&exact=1', null)).toMatchObject({ term: 'lmap', exact: true });
    expect(readSearchLocation('?q=lmap&exact=yes', null).exact).toBe(false);
    // The header's matches had their typos corrected: not the answer to the words as typed.
    expect(readSearchLocation('?q=lamp&exact=1', { key, search: 'lamp' }).handed).toBeNull();
  });

  it('survives odd state and odd pages', () => {
    expect(readSearchLocation('?q=lamp', 'nonsense')).toEqual({ term: 'lamp', page: 1, exact: false, handed: null });
    expect(readSearchLocation('?q=lamp', { key: 'x', search: 'lamp' }).handed).toBeNull();
    expect(readSearchLocation('?q=lamp&page=0', null).page).toBe(1);
    expect(readSearchLocation('?q=lamp&page=x', null).page).toBe(1);
    expect(readSearchLocation('', null)).toEqual({ term: '', page: 1, exact: false, handed: null });
  });
});

describe('searchHref', () => {
  it('keeps the words as typed through the pages', () => {
    expect(searchHref({ term: 'headphnes' })).toBe('/search?q=headphnes');
    expect(searchHref({ term: 'headphnes', exact: true })).toBe('/search?q=headphnes&exact=1');
    expect(searchHref({ term: 'red watch', page: 3, exact: true })).toBe('/search?q=red+watch&exact=1&page=3');
    expect(searchHref({ term: 'a&b', page: 1 })).toBe('/search?q=a%26b');
  });
});
