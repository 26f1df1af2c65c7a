import { regionsFor } from './countries.ts';

describe('regions', () => {
  it('finds the region list by stored name or code', () => {
    expect(regionsFor('United States')).toContain('Illinois');
    expect(regionsFor('us')).toContain('Illinois');
    expect(regionsFor('Latvia')).toBeNull();
    expect(regionsFor('')).toBeNull();
  });
});
