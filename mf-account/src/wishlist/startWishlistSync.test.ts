import type { AuthUser } from 'shared-events';
import type { AccountSession, AccountSessionState } from '../auth/accountSession.ts';
import { OWNER_KEY } from './ownerKey.ts';
import { startWishlistSync } from './startWishlistSync.ts';

const ann: AuthUser = { uid: 'u1', email: 'ann@example.com', displayName: 'Ann' };

/** The parts of the page's session the starter reads, moved by the test. */
function session(initial: Partial<AccountSessionState>) {
  let state: AccountSessionState = { user: null, confirmed: false, status: 'idle', problem: null, ...initial };
  const listeners = new Set<() => void>();
  return {
    session: {
      getState: () => state,
      subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    } as unknown as AccountSession,
    set(next: Partial<AccountSessionState>) {
      state = { ...state, ...next };
      for (const listener of [...listeners]) listener();
    },
    listening: () => listeners.size,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function starter() {
  const connect = jest.fn();
  const load = jest.fn(() => Promise.resolve(connect));
  return { connect, load };
}

beforeEach(() => {
  const items = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => items.set(key, value) },
  });
});

afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('startWishlistSync', () => {
  it('loads nothing for a visitor, and the sync once Firebase confirms a sign-in', async () => {
    const page = session({});
    const { connect, load } = starter();
    startWishlistSync(page.session, load);
    page.set({ user: ann, confirmed: false });
    await flush();
    expect(load).not.toHaveBeenCalled();
    page.set({ confirmed: true, status: 'ready' });
    page.set({ user: { ...ann, displayName: 'Annie' } });
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(connect).toHaveBeenCalledWith(page.session);
    expect(page.listening()).toBe(0);
  });

  it('starts at once on a signed-out page whose list still mirrors an account’s, so it is emptied', async () => {
    localStorage.setItem(OWNER_KEY, JSON.stringify({ uid: 'u1', agreed: [3] }));
    const page = session({});
    const { connect, load } = starter();
    startWishlistSync(page.session, load);
    await flush();
    expect(connect).toHaveBeenCalledWith(page.session);
  });
});
