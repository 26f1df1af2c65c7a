import { readSearchLocation } from './searchState.ts';

const key = [
  { id: 1, title: 'Desk Lamp', price: 20, thumbnail: '/1.svg' },
  { id: 'broken' },
  { id: 2, title: 'Floor Lamp', price: 90, thumbnail: '/2.svg' },
];

describe('readSearchLocation', () => {
  it('takes the term from ?q= so a reload works', () => {
    expect(readSearchLocation('?q=lamp', null)).toEqual({ term: 'lamp', page: 1, handed: null });
  });

  it('uses the navigation state (key, search) when it belongs to the term', () => {
    const location = readSearchLocation('?q=lamp', { key, search: 'lamp' });
    expect(location.term).toBe('lamp');
    expect(location.handed?.map((p) => p.id)).toEqual([1, 2]);
  });

  it('falls back to the state’s search text when there is no ?q=', () => {
    expect(readSearchLocation('', { key, search: ' lamp ' })).toMatchObject({ term: 'lamp' });
  });

  it('ignores matches handed over for another term, or on a later page', () => {
    expect(readSearchLocation('?q=chair', { key, search: 'lamp' }).handed).toBeNull();
    expect(readSearchLocation('?q=lamp&page=2', { key, search: 'lamp' })).toMatchObject({ page: 2, handed: null });
  });

  it('survives odd state and odd pages', () => {
    expect(readSearchLocation('?q=lamp', 'nonsense')).toEqual({ term: 'lamp', page: 1, handed: null });
    expect(readSearchLocation('?q=lamp', { key: 'x', search: 'lamp' }).handed).toBeNull();
    expect(readSearchLocation('?q=lamp&page=0', null).page).toBe(1);
    expect(readSearchLocation('?q=lamp&page=x', null).page).toBe(1);
    expect(readSearchLocation('', null)).toEqual({ term: '', page: 1, handed: null });
  });
});
