import { createSafeStorage } from '../storage/safeStorage.ts';
import { COMPARE_MAX, COMPARE_STORAGE_KEY, createCompareStore } from './compare.ts';
import { normalizeIds, parseIdParam, parseStoredIds } from './idList.ts';
import { createWishlistStore, WISHLIST_MAX, WISHLIST_STORAGE_KEY } from './wishlist.ts';
import { memoryStorage } from '../testing/fixtures.ts';

function setup(initial: Record<string, string> = {}) {
  const backing = memoryStorage(initial);
  const events = new EventTarget();
  const announced: { type: string; ids: readonly number[] }[] = [];
  const storage = createSafeStorage({ backing: () => backing, events });
  const otherTab = (key: string, value: string | null) => {
    backing.setItem(key, value ?? '');
    events.dispatchEvent(Object.assign(new Event('storage'), { key, newValue: value, storageArea: backing }));
  };
  const wishlist = createWishlistStore({ storage });
  const compare = createCompareStore({ storage });
  wishlist.subscribe((ids) => announced.push({ type: 'wishlist', ids }));
  compare.subscribe((ids) => announced.push({ type: 'compare', ids }));
  return { backing, announced, otherTab, wishlist, compare };
}

describe('reading stored and shared product ids', () => {
  it('keeps distinct positive integer ids in their order and drops everything else quietly', () => {
    expect(normalizeIds([3, '8', 3, 0, -2, 1.5, 'x', null, { id: 4 }, 2 ** 60, 21], 10)).toEqual([3, 8, 21]);
    expect(normalizeIds('3,8', 10)).toEqual([]);
    expect(normalizeIds([1, 2, 3, 4, 5, 6], 4)).toEqual([1, 2, 3, 4]);
    expect(parseStoredIds('[5,"6",5]', 10)).toEqual([5, 6]);
    for (const damaged of ['{', 'null', '{"ids":[1]}', '', '"1"']) expect(parseStoredIds(damaged, 10)).toEqual([]);
    expect(parseIdParam('3, 8,21,,abc,8', 4)).toEqual([3, 8, 21]);
    expect(parseIdParam(null, 4)).toEqual([]);
  });
});

describe('the wish list', () => {
  it('toggles a product in and out, newest first, saved and announced', () => {
    const { wishlist, backing, announced } = setup();
    const seen: (readonly number[])[] = [];
    wishlist.subscribe((ids) => seen.push(ids));
    expect(wishlist.toggle(3)).toBe(true);
    expect(wishlist.toggle(8)).toBe(true);
    expect(wishlist.ids).toEqual([8, 3]);
    expect(wishlist.has(3)).toBe(true);
    expect(JSON.parse(backing.getItem(WISHLIST_STORAGE_KEY)!)).toEqual([8, 3]);
    expect(wishlist.toggle(3)).toBe(false);
    expect(wishlist.ids).toEqual([8]);
    wishlist.remove(99);
    expect(announced).toEqual([
      { type: 'wishlist', ids: [3] },
      { type: 'wishlist', ids: [8, 3] },
      { type: 'wishlist', ids: [8] },
    ]);
    expect(seen).toEqual([[3], [8, 3], [8]]);
  });

  it('starts from a damaged stored value as an empty list, and refuses ids that are not products', () => {
    const { wishlist } = setup({ [WISHLIST_STORAGE_KEY]: '[1, 2' });
    expect(wishlist.ids).toEqual([]);
    expect(wishlist.toggle(-1)).toBe(false);
    expect(wishlist.toggle(Number.NaN)).toBe(false);
    expect(wishlist.ids).toEqual([]);
  });

  it('adopts what another tab saved, and what the account holds, within its bound', () => {
    const { wishlist, otherTab, announced } = setup({ [WISHLIST_STORAGE_KEY]: '[1]' });
    otherTab(WISHLIST_STORAGE_KEY, '[2,1]');
    expect(wishlist.ids).toEqual([2, 1]);
    wishlist.replace(Array.from({ length: WISHLIST_MAX + 50 }, (_, i) => i + 1));
    expect(wishlist.ids).toHaveLength(WISHLIST_MAX);
    wishlist.clear();
    expect(wishlist.ids).toEqual([]);
    expect(announced.map((event) => event.ids.length)).toEqual([2, WISHLIST_MAX, 0]);
  });
});

describe('the compare tray', () => {
  it('holds up to four products in the order added; a fifth is refused until one is swapped out', () => {
    const { compare, backing } = setup();
    for (const id of [3, 8, 21, 5]) expect(compare.add(id)).toEqual({ ok: true });
    expect(compare.add(8)).toEqual({ ok: true });
    expect(compare.ids).toEqual([3, 8, 21, 5]);
    expect(compare.add(13)).toEqual({ ok: false, reason: 'full' });
    expect(compare.ids).toHaveLength(COMPARE_MAX);
    compare.swap(8, 13);
    expect(compare.ids).toEqual([3, 13, 21, 5]);
    compare.swap(3, 21);
    expect(compare.ids).toEqual([3, 13, 21, 5]);
    compare.remove(21);
    expect(JSON.parse(backing.getItem(COMPARE_STORAGE_KEY)!)).toEqual([3, 13, 5]);
  });

  it('takes a shared list (the first four valid ids) and can be emptied', () => {
    const { compare, announced } = setup();
    compare.replace([9, 'x', 9, 1, 2, 3, 4]);
    expect(compare.ids).toEqual([9, 1, 2, 3]);
    compare.clear();
    expect(compare.ids).toEqual([]);
    expect(announced).toEqual([
      { type: 'compare', ids: [9, 1, 2, 3] },
      { type: 'compare', ids: [] },
    ]);
  });
});
