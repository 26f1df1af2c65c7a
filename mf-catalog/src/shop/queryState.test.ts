import {
  DEFAULT_QUERY,
  hasFilters,
  parseShopQuery,
  PER_PAGE_OPTIONS,
  PRICE_RANGES,
  serializeShopQuery,
  SORT_ORDER,
  toListParams,
  withFilters,
  withoutFilters,
  withPage,
  withPerPage,
  withSort,
  withView,
  type ShopQuery,
} from './queryState.ts';

describe('parseShopQuery', () => {
  it('gives the spec defaults for an empty query: all, Featured, page 1, 6 per page, grid', () => {
    expect(parseShopQuery('')).toEqual(DEFAULT_QUERY);
    expect(DEFAULT_QUERY).toMatchObject({ category: null, brand: null, sort: 'featured', page: 1, perPage: 6, view: 'grid' });
  });

  it('reads every value from the URL', () => {
    expect(parseShopQuery('category=furniture&brand=Calder%20Studio&color=blue&price=10-19.99&sort=best-seller&page=3&perPage=12&view=list')).toEqual({
      category: 'furniture',
      brand: 'Calder Studio',
      color: 'blue',
      price: '10-19.99',
      sort: 'best-seller',
      page: 3,
      perPage: 12,
      view: 'list',
    });
  });

  it("treats 'all' and empty values as no filter", () => {
    expect(parseShopQuery('category=all&brand=ALL&color=')).toMatchObject({ category: null, brand: null, color: null });
  });

  it('ignores malformed values instead of passing them on', () => {
    const query = parseShopQuery('category=../etc&color=purple&price=5-6&sort=cheapest&page=-2&perPage=7&view=table');
    expect(query).toEqual(DEFAULT_QUERY);
    expect(parseShopQuery('page=1.5').page).toBe(1);
    expect(parseShopQuery('page=abc').page).toBe(1);
    expect(parseShopQuery('perPage=100').perPage).toBe(6);
    expect(parseShopQuery(`brand=${'x'.repeat(101)}`).brand).toBeNull();
  });

  it('normalises the case of slugs and colours', () => {
    expect(parseShopQuery('category=Home-Appliances&color=BLUE')).toMatchObject({ category: 'home-appliances', color: 'blue' });
  });

  it('accepts URLSearchParams too', () => {
    expect(parseShopQuery(new URLSearchParams({ category: 'bags' })).category).toBe('bags');
  });

  it('offers 6 plus the spec per-page options', () => {
    expect(PER_PAGE_OPTIONS).toEqual([6, 12, 18, 24, 30, 36]);
  });
});

describe('serializeShopQuery', () => {
  it('leaves defaults out', () => {
    expect(serializeShopQuery(DEFAULT_QUERY)).toBe('');
  });

  it('round-trips every state', () => {
    const states: ShopQuery[] = [
      { ...DEFAULT_QUERY, category: 'bags' },
      { ...DEFAULT_QUERY, brand: 'Harbor & Pine', color: 'red', price: '40-69.99' },
      { category: 'electronics', brand: 'Kestrel Labs', color: 'black', price: '0-9.99', sort: 'final-offer', page: 4, perPage: 36, view: 'list' },
    ];
    for (const state of states) expect(parseShopQuery(serializeShopQuery(state))).toEqual(state);
  });

  it('escapes brand names', () => {
    expect(serializeShopQuery({ ...DEFAULT_QUERY, brand: 'Harbor & Pine' })).toBe('brand=Harbor+%26+Pine');
  });

  it('writes the keys in a fixed order', () => {
    const query: ShopQuery = { category: 'bags', brand: 'B', color: 'red', price: '0-9.99', sort: 'new-arrival', page: 2, perPage: 12, view: 'list' };
    expect(serializeShopQuery(query)).toBe('category=bags&brand=B&color=red&price=0-9.99&sort=new-arrival&page=2&perPage=12&view=list');
  });
});

describe('transitions', () => {
  const onPage4: ShopQuery = { ...DEFAULT_QUERY, page: 4 };

  it('a filter change starts the new list at page 1', () => {
    expect(withFilters(onPage4, { brand: 'X' })).toMatchObject({ brand: 'X', page: 1 });
    expect(withFilters(onPage4, { category: 'bags', brand: null })).toMatchObject({ category: 'bags', brand: null, page: 1 });
  });

  it('clearing filters keeps sort, per-page and view', () => {
    const query: ShopQuery = { category: 'bags', brand: 'B', color: 'red', price: '0-9.99', sort: 'new-arrival', page: 2, perPage: 12, view: 'list' };
    expect(withoutFilters(query)).toEqual({ ...DEFAULT_QUERY, sort: 'new-arrival', perPage: 12, view: 'list' });
    expect(hasFilters(query)).toBe(true);
    expect(hasFilters(withoutFilters(query))).toBe(false);
  });

  it('a new sort starts at page 1', () => {
    expect(withSort(onPage4, 'best-seller')).toMatchObject({ sort: 'best-seller', page: 1 });
  });

  it('changing per-page keeps the page when it still exists', () => {
    expect(withPerPage({ ...DEFAULT_QUERY, page: 3 }, 12, 180)).toMatchObject({ perPage: 12, page: 3 });
  });

  it('changing per-page pulls the page back into range', () => {
    // 180 products: page 30 of 6 per page; at 36 per page there are 5 pages.
    expect(withPerPage({ ...DEFAULT_QUERY, page: 30 }, 36, 180)).toMatchObject({ perPage: 36, page: 5 });
    expect(withPerPage({ ...DEFAULT_QUERY, page: 2 }, 36, 0)).toMatchObject({ page: 1 });
  });

  it('changing per-page before the total is known keeps the page as it is', () => {
    expect(withPerPage({ ...DEFAULT_QUERY, page: 9 }, 12, null)).toMatchObject({ perPage: 12, page: 9 });
  });

  it('pages stay in range', () => {
    expect(withPage(DEFAULT_QUERY, 31, 180).page).toBe(30);
    expect(withPage(DEFAULT_QUERY, 0, 180).page).toBe(1);
    expect(withPage(DEFAULT_QUERY, 7, 180).page).toBe(7);
  });

  it('the view changes nothing else', () => {
    expect(withView(onPage4, 'list')).toEqual({ ...onPage4, view: 'list' });
  });
});

describe('toListParams', () => {
  it('asks the server for one page, with facets', () => {
    expect(toListParams(DEFAULT_QUERY)).toMatchObject({ limit: 6, skip: 0, sortBy: 'id', order: 'asc', facets: true });
    expect(toListParams({ ...DEFAULT_QUERY, page: 3, perPage: 12 })).toMatchObject({ limit: 12, skip: 24 });
  });

  it('maps each sort option to its server order', () => {
    expect(SORT_ORDER).toEqual({
      featured: { sortBy: 'id', order: 'asc' },
      'best-seller': { sortBy: 'rating', order: 'desc' },
      'new-arrival': { sortBy: 'createdAt', order: 'desc' },
      'final-offer': { sortBy: 'discountPercentage', order: 'desc' },
    });
    expect(toListParams({ ...DEFAULT_QUERY, sort: 'new-arrival' })).toMatchObject({ sortBy: 'createdAt', order: 'desc' });
  });

  it('turns the price range into minPrice and maxPrice in dollars', () => {
    expect(toListParams({ ...DEFAULT_QUERY, price: '40-69.99' })).toMatchObject({ minPrice: 40, maxPrice: 69.99 });
    expect(toListParams({ ...DEFAULT_QUERY, price: '0-9.99' })).toMatchObject({ minPrice: 0, maxPrice: 9.99 });
  });

  it('sends only the filters that are set', () => {
    const params = toListParams({ ...DEFAULT_QUERY, category: 'bags', color: 'red' });
    expect(params).toMatchObject({ category: 'bags', color: 'red' });
    expect(params).not.toHaveProperty('brand');
    expect(params).not.toHaveProperty('minPrice');
  });

  it('has the spec’s five price ranges', () => {
    expect(PRICE_RANGES.map((r) => r.label)).toEqual(['$0.00-$9.99', '$10.00-$19.99', '$20.00-$29.99', '$30.00-$39.99', '$40.00-$69.99']);
  });
});
