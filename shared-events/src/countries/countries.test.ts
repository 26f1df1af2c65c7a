import { COUNTRY_CODES, countryCode, countryName, countryOptions, normaliseCountry } from './countries.ts';

describe('countries', () => {
  it('stores English names and labels them in the shopper’s language, sorted for them', () => {
    const en = countryOptions('en');
    expect(en.find((c) => c.value === 'Germany')).toEqual({ value: 'Germany', label: 'Germany' });
    const ru = countryOptions('ru');
    expect(ru.find((c) => c.value === 'Germany')?.label).toBe('Германия');
    expect(ru.map((c) => c.label)).toEqual([...ru.map((c) => c.label)].sort(new Intl.Collator('ru').compare));
    expect(en).toHaveLength(COUNTRY_CODES.length);
    expect(en.length).toBeGreaterThan(240);
  });

  it('names a code in English unless asked otherwise', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('XK')).toBe('Kosovo');
    expect(countryName('DE', 'ru')).toBe('Германия');
  });

  it('finds the code of a stored country by its English name or its code, in any case', () => {
    expect(countryCode('united states')).toBe('US');
    expect(countryCode(' gb ')).toBe('GB');
    expect(countryCode('Atlantis')).toBeUndefined();
    expect(countryCode('')).toBeUndefined();
  });

  it('turns codes and names in any case into the stored English name, and keeps what it does not know', () => {
    expect(normaliseCountry('us')).toBe('United States');
    expect(normaliseCountry('UNITED KINGDOM')).toBe('United Kingdom');
    expect(normaliseCountry('Atlantis')).toBe('Atlantis');
    expect(normaliseCountry('  ')).toBe('');
  });
});
