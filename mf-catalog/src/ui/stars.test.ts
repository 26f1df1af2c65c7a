import { discountBadge, formatDollars } from './price.ts';
import { ratingText, starKinds } from './stars.ts';

describe('starKinds', () => {
  it('shows full, half and empty stars out of 5', () => {
    expect(starKinds(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starKinds(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starKinds(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starKinds(4)).toEqual(['full', 'full', 'full', 'full', 'empty']);
  });

  it('rounds to the nearest half star', () => {
    expect(starKinds(4.2)).toEqual(starKinds(4));
    expect(starKinds(4.3)).toEqual(starKinds(4.5));
    expect(starKinds(4.74)).toEqual(starKinds(4.5));
    expect(starKinds(4.75)).toEqual(starKinds(5));
    expect(starKinds(0.2)).toEqual(starKinds(0));
    expect(starKinds(0.3)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
  });

  it('clamps nonsense', () => {
    expect(starKinds(7)).toEqual(starKinds(5));
    expect(starKinds(-1)).toEqual(starKinds(0));
    expect(starKinds(Number.NaN)).toEqual(starKinds(0));
  });

  it('always has five stars', () => {
    for (let r = 0; r <= 5; r += 0.1) expect(starKinds(r)).toHaveLength(5);
  });
});

describe('ratingText', () => {
  it('speaks the rating with one decimal at most', () => {
    expect(ratingText(4.44)).toBe('4.4');
    expect(ratingText(4)).toBe('4');
    expect(ratingText(9)).toBe('5');
  });
});

describe('prices', () => {
  it("shows '$price'", () => {
    expect(formatDollars(67.99)).toBe('$67.99');
    expect(formatDollars(88)).toBe('$88.00');
    expect(formatDollars(1067.99)).toBe('$1,067.99');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
  });

  it("badges '-{discountPercentage}%'", () => {
    expect(discountBadge(9)).toBe('-9%');
    expect(discountBadge(12.96)).toBe('-13%');
    expect(discountBadge(0)).toBeNull();
    expect(discountBadge(0.4)).toBeNull();
    expect(discountBadge(Number.NaN)).toBeNull();
  });
});
