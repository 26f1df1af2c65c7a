import { shownTotal } from './totals.ts';

describe('shownTotal', () => {
  it('groups digits as each language does', () => {
    expect(shownTotal({ total: 180 }, 'en')).toBe('180');
    expect(shownTotal({ total: 71428 }, 'en')).toBe('71,428');
    expect(shownTotal({ total: 71428 }, 'ru')).toBe('71\u00a0428');
  });

  it('marks a total where counting stopped with a plus', () => {
    expect(shownTotal({ total: 1000, totalIsLowerBound: true }, 'en')).toBe('1,000+');
    expect(shownTotal({ total: 1000, totalIsLowerBound: true }, 'ru')).toBe('1\u00a0000+');
    expect(shownTotal({ total: 12, totalIsLowerBound: false }, 'en')).toBe('12');
  });
});
