import type { AuthUser } from 'shared-events';
import { AccountError } from '../firebase/errors.ts';
import { createFakeService, type FakeService } from '../testing/fakeService.ts';
import { createAccountSession, type AccountSession, type AccountSessionDeps } from './accountSession.ts';
import type { AuthHint } from './authHint.ts';
import { CheckoutSync } from './checkoutSync.ts';
import { FirebaseAnswers } from './firebaseAnswers.ts';
import type { SyncOutcome, TokenSync } from './tokenSync.ts';

const ann: AuthUser = { uid: 'u1', email: 'ann@example.com', displayName: 'Ann' };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: { hint?: AuthHint | null; load?: () => Promise<FakeService>; reset?: 'sent' | 'not-offered' } = {}) {
  const service = createFakeService();
  let hint: AuthHint | null = options.hint ?? null;
  const published: Array<AuthUser | null> = [];
  const profiles: Array<{ uid: string; record: unknown }> = [];
  const idle: Array<() => void> = [];
  const timers: Array<{ task: () => void; ms: number }> = [];
  let hintListener: ((hint: AuthHint | null) => void) | undefined;
  const sync = jest.fn<Promise<SyncOutcome>, []>(async () => ({ ok: true, session: { uid: 'u1', email: ann.email, expiresAt: Date.now() + 30 * 60_000 } }));
  const clear = jest.fn(async () => undefined);
  const tokenSync: TokenSync = { sync, clear, resyncDelay: () => 28 * 60_000 };
  const load = jest.fn(options.load ?? (async () => service));
  const deps: AccountSessionDeps = {
    loadService: load,
    publish: (user) => published.push(user),
    publishProfile: (uid, record) => profiles.push({ uid, record }),
    loadAnswers: async () => (store, loaded) =>
      new FirebaseAnswers(
        deps,
        store,
        loaded,
        new CheckoutSync(
          { tokenSync, setTimer: (task, ms) => timers.push({ task, ms }), clearTimer: () => undefined },
          () => store.current,
          () => loaded,
        ),
      ),
    requestReset: async () => options.reset ?? 'sent',
    readHint: () => hint,
    writeHint: (next) => {
      hint = next;
    },
    onHintChangedElsewhere: (listener) => {
      hintListener = listener;
      return () => undefined;
    },
    whenIdle: (task) => idle.push(task),
  };
  const session: AccountSession = createAccountSession(deps);
  return {
    session,
    service,
    published,
    profiles,
    idle,
    timers,
    sync,
    clear,
    load,
    hint: () => hint,
    otherTab: (next: AuthHint | null) => hintListener?.(next),
  };
}

describe('account session start-up', () => {
  it('reports an anonymous visitor at once and leaves Firebase unloaded', () => {
    const s = setup();
    s.session.start();
    expect(s.published).toEqual([null]);
    expect(s.session.getState()).toMatchObject({ user: null, confirmed: false, status: 'idle' });
    expect(s.idle).toHaveLength(0);
    expect(s.load).not.toHaveBeenCalled();
  });

  it('shows the hinted user without publishing it, and confirms it with Firebase once the page is idle', async () => {
    const s = setup({ hint: ann });
    s.session.start();
    expect(s.session.getState()).toMatchObject({ user: ann, confirmed: false });
    expect(s.published).toEqual([]);
    expect(s.load).not.toHaveBeenCalled();

    s.service.emit({ ...ann, displayName: 'Ann' });
    s.idle.forEach((task) => task());
    await flush();
    expect(s.load).toHaveBeenCalledTimes(1);
    expect(s.session.getState()).toMatchObject({ user: ann, confirmed: true, status: 'ready' });
    expect(s.published).toEqual([ann]);
    expect(s.sync).toHaveBeenCalledTimes(1);
    expect(s.timers).toHaveLength(1); // the re-sync before the checkout session runs out
  });

  it('drops a stale hint when Firebase knows nobody, and clears the checkout session', async () => {
    const s = setup({ hint: ann });
    s.session.start();
    s.idle.forEach((task) => task());
    await flush();
    expect(s.session.getState()).toMatchObject({ user: null, confirmed: true });
    expect(s.published).toEqual([null]);
    expect(s.hint()).toBeNull();
    expect(s.clear).toHaveBeenCalledTimes(1);
  });

  it('is idempotent', () => {
    const s = setup();
    s.session.start();
    s.session.start();
    expect(s.published).toEqual([null]);
  });
});

describe('signing in and out', () => {
  it('signs in: writes the hint, publishes the user once, syncs the token once', async () => {
    const s = setup();
    s.session.start();
    const user = await s.session.signIn('ann@example.com', 'abcd1234');
    await flush();
    expect(user).toEqual({ uid: 'u1', email: 'ann@example.com', displayName: 'Ann' });
    expect(s.hint()).toEqual(user);
    expect(s.published).toEqual([null, user]);
    expect(s.sync).toHaveBeenCalledTimes(1);
  });

  it("hands the signed-in shopper's own record to other remotes, and the edited one after a change", async () => {
    const s = setup();
    s.service.records.set('u1', { username: 'Ann', email: 'ann@example.com', city: 'Springfield' } as never);
    s.session.start();
    await s.session.signIn('ann@example.com', 'abcd1234');
    await flush();
    expect(s.profiles).toEqual([{ uid: 'u1', record: { username: 'Ann', email: 'ann@example.com', city: 'Springfield' } }]);
    await s.session.updateOwnRecord({ city: 'Shelbyville' });
    await flush();
    expect(s.profiles.at(-1)).toEqual({ uid: 'u1', record: { username: 'Ann', email: 'ann@example.com', city: 'Shelbyville' } });
  });

  it('signs out: clears the hint, publishes null and DELETEs the checkout session', async () => {
    const s = setup();
    s.session.start();
    await s.session.signIn('ann@example.com', 'abcd1234');
    await s.session.signOut();
    await flush();
    expect(s.hint()).toBeNull();
    expect(s.published.at(-1)).toBeNull();
    expect(s.clear).toHaveBeenCalledTimes(1);
    expect(s.session.getState()).toMatchObject({ user: null, confirmed: true });
  });

  it('signed out while the token sync is on its way: the session that sync made is DELETEd too', async () => {
    const s = setup();
    let answer: (outcome: SyncOutcome) => void = () => undefined;
    s.sync.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    s.session.start();
    await s.session.signIn('ann@example.com', 'abcd1234');
    await s.session.signOut();
    await flush();
    expect(s.clear).toHaveBeenCalledTimes(1);
    answer({ ok: true, session: { uid: 'u1', email: ann.email, expiresAt: Date.now() + 30 * 60_000 } });
    await flush();
    expect(s.clear).toHaveBeenCalledTimes(2);
    expect(s.timers).toHaveLength(0);
  });

  it('passes the service error kinds on', async () => {
    const s = setup();
    s.session.start();
    s.service.signIn.mockRejectedValueOnce(new AccountError('invalid-credential'));
    await expect(s.session.signIn('ann@example.com', 'nope')).rejects.toMatchObject({ kind: 'invalid-credential' });
  });

  it('keeps the published name in step with the record', async () => {
    const s = setup();
    s.session.start();
    await s.session.signIn('ann@example.com', 'abcd1234');
    s.service.records.set('u1', { username: 'Annie', email: 'ann@example.com' });
    await s.session.readOwnRecord();
    expect(s.published.at(-1)).toEqual({ ...ann, displayName: 'Annie' });
    expect(s.hint()?.displayName).toBe('Annie');
    await s.session.updateOwnRecord({ username: 'Ann' });
    expect(s.published.at(-1)).toEqual(ann);
  });

  it('refuses record access while nobody is confirmed', async () => {
    const s = setup({ hint: ann });
    s.session.start();
    await expect(s.session.readOwnRecord()).rejects.toMatchObject({ kind: 'permission_denied' });
  });
});

describe('when the service cannot start', () => {
  it('says why (gateway config unreachable) and can try again', async () => {
    let fail = true;
    const s = setup({
      load: async () => {
        if (fail) throw Object.assign(new Error('no config'), { problem: 'unreachable' });
        return createFakeService();
      },
    });
    s.session.start();
    await expect(s.session.connect()).rejects.toMatchObject({ kind: 'network' });
    expect(s.session.getState()).toMatchObject({ status: 'failed', problem: 'config-unreachable' });
    fail = false;
    await s.session.connect();
    await flush();
    expect(s.session.getState()).toMatchObject({ status: 'ready', problem: null, confirmed: true });
  });

  it('reports an invalid config as such', async () => {
    const s = setup({ load: async () => Promise.reject(Object.assign(new Error('bad'), { problem: 'invalid' })) });
    await expect(s.session.connect()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(s.session.getState().problem).toBe('config-invalid');
  });
});

describe('other tabs', () => {
  it('follows a sign-out elsewhere while Firebase is not loaded here', () => {
    const s = setup({ hint: ann });
    s.session.start();
    s.otherTab(null);
    expect(s.session.getState().user).toBeNull();
    expect(s.published).toEqual([null]);
  });

  it('plans a confirmation for a sign-in elsewhere', () => {
    const s = setup();
    s.session.start();
    s.otherTab(ann);
    expect(s.session.getState()).toMatchObject({ user: ann, confirmed: false });
    expect(s.idle).toHaveLength(1);
  });
});

describe('ensureCheckoutSession', () => {
  it('reuses a fresh session, re-syncs when forced, and says signed-out without a user', async () => {
    const s = setup();
    s.session.start();
    expect(await s.session.ensureCheckoutSession()).toEqual({ ok: false, reason: 'signed-out' });
    await s.session.signIn('ann@example.com', 'abcd1234');
    await flush();
    expect((await s.session.ensureCheckoutSession()).ok).toBe(true);
    expect(s.sync).toHaveBeenCalledTimes(1);
    await s.session.ensureCheckoutSession({ force: true });
    expect(s.sync).toHaveBeenCalledTimes(2);
  });
});

describe('the ID token other remotes ask for (account/idToken)', () => {
  it("hands out the signed-in user's token, a new one when asked, and none once they sign out", async () => {
    const s = setup();
    const getIdToken = jest.spyOn(s.service, 'getIdToken');
    s.session.start();
    expect(await s.session.idToken()).toBeNull();
    expect(s.load).not.toHaveBeenCalled();
    await s.session.signIn('ann@example.com', 'abcd1234');
    expect(await s.session.idToken()).toBe('header.payload.signature');
    expect(await s.session.idToken({ fresh: true })).toBe('header.payload.signature');
    expect(getIdToken.mock.calls).toEqual([[false], [true]]);
    await s.session.signOut();
    expect(await s.session.idToken()).toBeNull();
    expect(getIdToken).toHaveBeenCalledTimes(2);
  });

  it('gives no token for a hinted user Firebase has not confirmed yet', async () => {
    const s = setup({ hint: ann });
    s.session.start();
    expect(await s.session.idToken({ fresh: true })).toBeNull();
    expect(s.load).not.toHaveBeenCalled();
  });

  it('says why when Firebase refuses', async () => {
    const s = setup();
    s.session.start();
    await s.session.signIn('ann@example.com', 'abcd1234');
    jest.spyOn(s.service, 'getIdToken').mockRejectedValueOnce(new AccountError('network'));
    await expect(s.session.idToken({ fresh: true })).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('password reset', () => {
  it('asks the shop for its own mail without loading Firebase', async () => {
    const s = setup();
    s.session.start();
    await s.session.sendReset('ann@example.com');
    expect(s.load).not.toHaveBeenCalled();
    expect(s.service.sendReset).not.toHaveBeenCalled();
  });

  it('falls back to Firebase’s own mail when the checkout service does not offer one yet', async () => {
    const s = setup({ reset: 'not-offered' });
    s.session.start();
    await s.session.sendReset('ann@example.com');
    expect(s.service.sendReset).toHaveBeenCalledWith('ann@example.com');
  });
});
