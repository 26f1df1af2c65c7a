import { shownTotal } from './totals.ts';

describe('shownTotal', () => {
  it('groups digits as each language does', () => {
    expect(shownTotal({ total: 180 }, 'en')).toBe('180');
    expect(shownTotal({ total: 71428 }, 'en')).toBe('71,428');
    expect(shownTotal({ total: 71428 }, 'ru')).toBe('71\u00a0428');
  });

  it('writes every total as the browser would in that language', () => {
    for (const total of [0, 7, 999, 1000, 12345, 999999, 1000000, 123456789]) {
      expect(shownTotal({ total }, 'en')).toBe(new Intl.NumberFormat('en-US').format(total));
      expect(shownTotal({ total }, 'ru')).toBe(new Intl.NumberFormat('ru-RU').format(total));
    }
  });

  it('marks a total where counting stopped with a plus', () => {
    expect(shownTotal({ total: 1000, totalIsLowerBound: true }, 'en')).toBe('1,000+');
    expect(shownTotal({ total: 1000, totalIsLowerBound: true }, 'ru')).toBe('1\u00a0000+');
    expect(shownTotal({ total: 12, totalIsLowerBound: false }, 'en')).toBe('12');
  });
});
