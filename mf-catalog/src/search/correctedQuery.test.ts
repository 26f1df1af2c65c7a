import { correctedQuery, plainQuery } from './correctedQuery.ts';

const word = (typed: string, matched: string | null, kind: string | null) => ({ typed, matched, kind });

describe('correctedQuery', () => {
  it('emphasises the words the catalogue corrected, not the ones it took as typed or by their stem', () => {
    const parts = correctedQuery({
      query: 'vantera sunglases watches',
      corrected: 'vantera sunglasses watches',
      words: [word('vantera', 'vantera', 'exact'), word('sunglases', 'sunglasses', 'typo'), word('watches', 'watch', 'stem')],
    });
    expect(parts).toEqual([
      { text: 'vantera', corrected: false },
      { text: ' ', corrected: false },
      { text: 'sunglasses', corrected: true },
      { text: ' ', corrected: false },
      { text: 'watches', corrected: false },
    ]);
    expect(plainQuery(parts!)).toBe('vantera sunglasses watches');
  });

  it('matches corrected words whatever their case', () => {
    const parts = correctedQuery({ query: 'Headphnes', corrected: 'Headphones', words: [word('Headphnes', 'headphones', 'typo')] });
    expect(parts).toEqual([{ text: 'Headphones', corrected: true }]);
  });

  it('is nothing when no word was corrected, or the catalogue did not say', () => {
    expect(correctedQuery({ query: 'lamp', corrected: null, words: [word('lamp', 'lamp', 'exact')] })).toBeNull();
    expect(correctedQuery({ query: 'lamp', corrected: '  ', words: [] })).toBeNull();
    expect(correctedQuery({ query: 'xqzvwj', corrected: null, words: [word('xqzvwj', null, null)] })).toBeNull();
    expect(correctedQuery(null)).toBeNull();
    expect(correctedQuery(undefined)).toBeNull();
  });
});
