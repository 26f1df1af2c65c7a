import { clampPage, nextPage, offsetOf, pageCount, pageItems, previousPage, rangeOf } from './pagination.ts';

describe('pageCount', () => {
  it('is the ceiling of total / perPage', () => {
    expect(pageCount(180, 6)).toBe(30);
    expect(pageCount(181, 6)).toBe(31);
    expect(pageCount(30, 12)).toBe(3);
    expect(pageCount(1, 36)).toBe(1);
  });

  it('never drops below one page, even for an empty or broken listing', () => {
    expect(pageCount(0, 6)).toBe(1);
    expect(pageCount(-3, 6)).toBe(1);
    expect(pageCount(10, 0)).toBe(1);
    expect(pageCount(Number.NaN, 6)).toBe(1);
  });
});

describe('clampPage', () => {
  it('keeps a page inside 1..count', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-2, 5)).toBe(1);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(4, 0)).toBe(1);
  });
});

describe('previous and next', () => {
  it('do nothing at the bounds', () => {
    expect(previousPage(1)).toBe(1);
    expect(previousPage(4)).toBe(3);
    expect(nextPage(5, 5)).toBe(5);
    expect(nextPage(4, 5)).toBe(5);
    expect(nextPage(1, 1)).toBe(1);
  });
});

describe('offsets and ranges', () => {
  it('skips the rows of the earlier pages', () => {
    expect(offsetOf(1, 6)).toBe(0);
    expect(offsetOf(3, 6)).toBe(12);
    expect(offsetOf(0, 6)).toBe(0);
  });

  it('names the rows shown', () => {
    expect(rangeOf(1, 6, 180)).toEqual({ first: 1, last: 6 });
    expect(rangeOf(30, 6, 180)).toEqual({ first: 175, last: 180 });
    expect(rangeOf(3, 12, 30)).toEqual({ first: 25, last: 30 });
    expect(rangeOf(1, 6, 0)).toEqual({ first: 0, last: 0 });
  });
});

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps first, last and the neighbours of the current page, with gaps between', () => {
    expect(pageItems(1, 30)).toEqual([1, 2, 3, 4, 5, 'gap', 30]);
    expect(pageItems(4, 30)).toEqual([1, 2, 3, 4, 5, 'gap', 30]);
    expect(pageItems(5, 30)).toEqual([1, 'gap', 4, 5, 6, 'gap', 30]);
    expect(pageItems(15, 30)).toEqual([1, 'gap', 14, 15, 16, 'gap', 30]);
    expect(pageItems(27, 30)).toEqual([1, 'gap', 26, 27, 28, 29, 30]);
    expect(pageItems(30, 30)).toEqual([1, 'gap', 26, 27, 28, 29, 30]);
  });

  it('always shows the same number of items and the current page', () => {
    for (let page = 1; page <= 50; page++) {
      const items = pageItems(page, 50);
      expect(items).toHaveLength(7);
      expect(items).toContain(page);
      expect(items[0]).toBe(1);
      expect(items[items.length - 1]).toBe(50);
    }
  });

  it('clamps a current page out of range', () => {
    expect(pageItems(99, 8)).toEqual([1, 'gap', 4, 5, 6, 7, 8]);
    expect(pageItems(0, 8)).toEqual([1, 2, 3, 4, 5, 'gap', 8]);
  });
});
