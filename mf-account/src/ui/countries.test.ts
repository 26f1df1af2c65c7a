import { countryCode, countryOptions, regionsFor } from './countries.ts';

describe('countries', () => {
  it('stores English names and labels them in the shopper’s language', () => {
    const en = countryOptions('en');
    expect(en.find((c) => c.value === 'Germany')).toEqual({ value: 'Germany', label: 'Germany' });
    expect(countryOptions('ru').find((c) => c.value === 'Germany')?.label).toBe('Германия');
    expect(en.length).toBeGreaterThan(240);
  });

  it('finds the region list by stored name or code', () => {
    expect(countryCode('united states')).toBe('US');
    expect(countryCode('gb')).toBe('GB');
    expect(regionsFor('United States')).toContain('Illinois');
    expect(regionsFor('Latvia')).toBeNull();
    expect(regionsFor('')).toBeNull();
  });
});
