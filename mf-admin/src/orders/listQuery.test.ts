import { apiQuery, filtersFromSearch, NO_FILTERS, rangeIsBackwards, searchFromFilters, withFilters } from './listQuery.ts';

describe("the order list's address", () => {
  it('reads the search, the filters and the page from the address', () => {
    expect(filtersFromSearch('?q=%2342&status=packed&payment=partially_refunded&from=2026-01-02&to=2026-01-31&cursor=eyJjIjoxfQ')).toEqual({
      q: '#42',
      status: 'packed',
      payment: 'partially_refunded',
      from: '2026-01-02',
      to: '2026-01-31',
      cursor: 'eyJjIjoxfQ',
    });
  });

  it('drops values the staff API would refuse, so an old or edited link still opens a list', () => {
    expect(filtersFromSearch('?status=lost&payment=maybe&from=2026-13-45&to=yesterday&cursor=%7Bbad%7D')).toEqual(NO_FILTERS);
    expect(filtersFromSearch(`?q=${'a'.repeat(500)}`).q).toHaveLength(200);
  });

  it('writes only what is set, in one order, so the same list has one address', () => {
    expect(searchFromFilters(NO_FILTERS)).toBe('');
    expect(searchFromFilters({ ...NO_FILTERS, to: '2026-02-01', q: ' ann@ ', status: 'paid' })).toBe('?q=ann%40&status=paid&to=2026-02-01');
    const filters = filtersFromSearch('?q=ann&payment=refunded&cursor=abc');
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
  });

  it('goes back to the first page when the search or a filter changes', () => {
    const onPageTwo = { ...NO_FILTERS, q: 'ann', cursor: 'abc' };
    expect(withFilters(onPageTwo, { status: 'shipped' })).toEqual({ ...NO_FILTERS, q: 'ann', status: 'shipped' });
  });

  it("asks the API for a page of the list with the address's filters and cursor", () => {
    expect(apiQuery({ ...NO_FILTERS, status: 'paid', cursor: 'abc' }, 25).toString()).toBe('status=paid&cursor=abc&limit=25');
  });

  it('notices a date range that ends before it starts', () => {
    expect(rangeIsBackwards({ from: '2026-02-01', to: '2026-01-01' })).toBe(true);
    expect(rangeIsBackwards({ from: '2026-01-01', to: '2026-01-01' })).toBe(false);
    expect(rangeIsBackwards({ from: '', to: '2026-01-01' })).toBe(false);
  });
});
