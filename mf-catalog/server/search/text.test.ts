import { editDistance } from './editDistance.ts';
import { stem, words } from './text.ts';

describe('search words', () => {
  it('are lower-cased and split at anything but letters and digits, accents and ё folded', () => {
    expect(words('Noise-Cancelling  Headphones, 2nd ed.')).toEqual(['noise', 'cancelling', 'headphones', '2nd', 'ed']);
    expect(words('Café CRÈME')).toEqual(['cafe', 'creme']);
    expect(words('Чёрная толстовка Ｔｏｔｅ')).toEqual(['черная', 'толстовка', 'tote']);
    expect(words('Йогурт')).toEqual(['йогурт']);
  });

  it('stem English and Russian words by their script', () => {
    expect(stem('watches')).toBe(stem('watch'));
    expect(stem('лампы')).toBe(stem('лампа'));
    expect(stem('14')).toBe('14');
  });
});

describe('edit distance', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('chiar', 'chair', 2)).toBe(1);
    expect(editDistance('bakcpack', 'backpack', 2)).toBe(1);
    expect(editDistance('headphnes', 'headphones', 2)).toBe(1);
    expect(editDistance('haedphnes', 'headphones', 2)).toBe(2);
  });

  it('stops at the budget: anything further is budget + 1', () => {
    expect(editDistance('xqzvwj', 'chair', 2)).toBe(3);
    expect(editDistance('sofa', 'sofa', 0)).toBe(0);
    expect(editDistance('umbrla', 'umbrella', 1)).toBe(2);
  });
});
