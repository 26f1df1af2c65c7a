import { createSafeStorage, createWishlistStore } from 'shared-events';
import { wishlistChanges, wishlistIds, type WishlistChanges } from '../firebase/wishlistRecord.ts';
import { createWishlistSync, type Mirror } from './wishlistSync.ts';

/** The account's users/{uid}/wishlist as a map of id to when it was added, with its listeners. */
function fakeDatabase(initial: Record<string, number> = {}) {
  const lists = new Map<string, Record<string, number>>([['alice', { ...initial }]]);
  const listeners = new Map<string, Set<(ids: number[]) => void>>();
  const emit = (uid: string) => {
    for (const listener of listeners.get(uid) ?? []) listener(wishlistIds(lists.get(uid) ?? {}));
  };
  return {
    lists,
    writes: [] as Record<string, number | null>[],
    follow(uid: string, onIds: (ids: number[]) => void) {
      const set = listeners.get(uid) ?? new Set();
      set.add(onIds);
      listeners.set(uid, set);
      onIds(wishlistIds(lists.get(uid) ?? {}));
      return () => set.delete(onIds);
    },
    async change(uid: string, changes: WishlistChanges) {
      const patch = wishlistChanges(changes);
      this.writes.push(patch);
      const list = { ...(lists.get(uid) ?? {}) };
      for (const [id, at] of Object.entries(patch)) {
        if (at === null) delete list[id];
        else list[id] = at;
      }
      lists.set(uid, list);
      emit(uid);
    },
    /** Another device changes the account's list. */
    elsewhere(uid: string, list: Record<string, number>) {
      lists.set(uid, list);
      emit(uid);
    },
  };
}

function setup(options: { guest?: number[]; owner?: Mirror | null; account?: Record<string, number> } = {}) {
  const values = new Map<string, string>();
  const backing = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  } as unknown as Storage;
  if (options.guest) values.set('wishlist', JSON.stringify(options.guest));
  const store = createWishlistStore({ storage: createSafeStorage({ backing: () => backing, events: undefined }) });
  const db = fakeDatabase(options.account);
  let owner = options.owner ?? null;
  let clock = 1_000;
  const reported: unknown[] = [];
  const sync = createWishlistSync({
    store,
    follow: (uid, onIds) => db.follow(uid, onIds),
    change: (uid, changes) => db.change(uid, changes),
    owner: { read: () => owner, write: (mirror) => void (owner = mirror) },
    now: () => (clock += 10),
    report: (error) => reported.push(error),
  });
  return { store, db, sync, reported, owner: () => owner };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the wish list and the account', () => {
  it('at sign-in merges the guest list into the account: no duplicates, nothing lost', async () => {
    const { store, db, sync, owner } = setup({ guest: [5, 3], account: { '3': 100, '9': 200 } });
    sync.start('alice');
    await settle();
    expect(store.ids).toEqual([5, 9, 3]);
    expect(wishlistIds(db.lists.get('alice'))).toEqual([5, 9, 3]);
    expect(db.writes).toEqual([{ '5': expect.any(Number) }]);
    expect(owner()).toEqual({ uid: 'alice', agreed: [5, 9, 3] });
  });

  it('while signed in, writes changes made here and follows changes from other devices', async () => {
    const { store, db, sync } = setup({ account: { '3': 100 } });
    sync.start('alice');
    await settle();
    store.toggle(7);
    await settle();
    expect(wishlistIds(db.lists.get('alice'))).toEqual([7, 3]);
    store.remove(3);
    await settle();
    expect(db.lists.get('alice')).toEqual({ '7': expect.any(Number) });
    db.elsewhere('alice', { '7': 5_000, '11': 9_000 });
    expect(store.ids).toEqual([11, 7]);
    expect(db.writes).toHaveLength(2);
  });

  it('after a reload while signed in, keeps what another device removed meanwhile removed', async () => {
    const { store, db, sync } = setup({ guest: [3, 4], owner: { uid: 'alice', agreed: [3, 4] }, account: { '4': 100 } });
    sync.start('alice');
    await settle();
    expect(store.ids).toEqual([4]);
    expect(db.writes).toEqual([]);
  });

  it('after a reload while signed in, keeps what was changed here before the account answered', async () => {
    // Agreed [3, 4]; here 4 was removed and 7 added before Firebase loaded; elsewhere 9 was added.
    const { store, db, sync, owner } = setup({ guest: [7, 3], owner: { uid: 'alice', agreed: [3, 4] }, account: { '9': 300, '3': 100, '4': 200 } });
    sync.start('alice');
    await settle();
    expect(store.ids).toEqual([7, 9, 3]);
    expect(wishlistIds(db.lists.get('alice'))).toEqual([7, 9, 3]);
    expect(owner()).toEqual({ uid: 'alice', agreed: [7, 9, 3] });
  });

  it('at sign-out empties the local mirror, and leaves a guest list alone', async () => {
    const signedIn = setup({ account: { '3': 100 } });
    signedIn.sync.start('alice');
    await settle();
    signedIn.sync.signedOut();
    expect(signedIn.store.ids).toEqual([]);
    expect(signedIn.owner()).toBeNull();
    signedIn.store.toggle(8);
    await settle();
    expect(wishlistIds(signedIn.db.lists.get('alice'))).toEqual([3]);

    const guest = setup({ guest: [2] });
    guest.sync.signedOut();
    expect(guest.store.ids).toEqual([2]);
  });

  it('reports a refused write and keeps the local list', async () => {
    const { store, sync, db, reported } = setup({ account: {} });
    db.change = async () => Promise.reject(new Error('permission_denied'));
    sync.start('alice');
    await settle();
    store.toggle(4);
    await settle();
    expect(store.ids).toEqual([4]);
    expect(reported).toHaveLength(1);
  });
});

describe('the stored wish list', () => {
  it('reads ids newest first and skips malformed children', () => {
    expect(wishlistIds({ '3': 10, '8': 30, x: 5, '0': 1, '5': 'late', '12': 20 })).toEqual([8, 12, 3]);
    expect(wishlistIds(null)).toEqual([]);
    expect(wishlistIds('3')).toEqual([]);
  });

  it('turns adds and removes into one update', () => {
    expect(
      wishlistChanges({
        add: [
          { id: 3, at: 1234.4 },
          { id: -1, at: 5 },
        ],
        remove: [8],
      }),
    ).toEqual({ '3': 1234, '8': null });
  });
});
