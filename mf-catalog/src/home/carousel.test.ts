import { HERO_INTERVAL_MS, HERO_SPEED_MS, layoutForWidth, visibleIndexes, wrapIndex } from './carousel.ts';

describe('New Arrivals layout', () => {
  it('shows 4, scrolling 1, on wide screens', () => {
    expect(layoutForWidth(1920)).toEqual({ show: 4, scroll: 1, start: 0 });
    expect(layoutForWidth(1026)).toEqual({ show: 4, scroll: 1, start: 0 });
  });

  it('shows 3 at 1025px and below', () => {
    expect(layoutForWidth(1025)).toEqual({ show: 3, scroll: 1, start: 0 });
    expect(layoutForWidth(768)).toEqual({ show: 3, scroll: 1, start: 0 });
  });

  it('shows 2, scrolling 2 and starting at slide 2, at 767px and 600px and below', () => {
    expect(layoutForWidth(767)).toEqual({ show: 2, scroll: 2, start: 1 });
    expect(layoutForWidth(600)).toEqual({ show: 2, scroll: 2, start: 1 });
    expect(layoutForWidth(481)).toEqual({ show: 2, scroll: 2, start: 1 });
  });

  it('shows 1 at 480px and below', () => {
    expect(layoutForWidth(480)).toEqual({ show: 1, scroll: 1, start: 0 });
    expect(layoutForWidth(320)).toEqual({ show: 1, scroll: 1, start: 0 });
  });

  it('hands back the same object within a band (no needless re-render)', () => {
    expect(layoutForWidth(700)).toBe(layoutForWidth(620));
  });
});

describe('wrapping', () => {
  it('wraps indexes round both ends', () => {
    expect(wrapIndex(0, 10)).toBe(0);
    expect(wrapIndex(10, 10)).toBe(0);
    expect(wrapIndex(-1, 10)).toBe(9);
    expect(wrapIndex(23, 10)).toBe(3);
    expect(wrapIndex(5, 0)).toBe(0);
  });

  it('lists the visible items, wrapping past the end', () => {
    expect(visibleIndexes(8, 4, 10)).toEqual([8, 9, 0, 1]);
    expect(visibleIndexes(0, 4, 3)).toEqual([0, 1, 2]);
  });
});

it('uses the spec’s hero timings', () => {
  expect(HERO_SPEED_MS).toBe(1000);
  expect(HERO_INTERVAL_MS).toBe(2500);
});
