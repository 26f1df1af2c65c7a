import { createEventBus, type EventBus } from '../bus/bus.ts';
import type { AuthUser } from '../bus/contract.ts';
import { createSession, type SessionState } from './session.ts';

let bus: EventBus;
beforeEach(() => {
  bus = createEventBus();
});

const ann: AuthUser = { uid: 'u1', email: 'ann@example.com', displayName: 'Ann' };
const signIn = (user: AuthUser | null): void => bus.publish({ type: 'auth:changed', v: 1, user });

it('is not known until mf-account reports', () => {
  const session = createSession(bus);
  expect(session.current).toEqual({ known: false, user: null, profile: null });
});

it('follows auth:changed: sign in, sign out', () => {
  const session = createSession(bus);
  const states: SessionState[] = [];
  session.subscribe((state) => states.push(state));
  signIn(ann);
  signIn(null);
  expect(states).toEqual([
    { known: true, user: ann, profile: null },
    { known: true, user: null, profile: null },
  ]);
});

it('tells "signed out" apart from "not known yet"', () => {
  const session = createSession(bus);
  signIn(null);
  expect(session.current).toEqual({ known: true, user: null, profile: null });
});

it('keeps extra user fields a newer mf-account sends', () => {
  const session = createSession(bus);
  bus.publish({ type: 'auth:changed', v: 1, user: { ...ann, emailVerified: true } } as never);
  expect(session.current.user).toEqual({ ...ann, emailVerified: true });
});

describe('session profile', () => {
  it("keeps the signed-in shopper's profile and drops it when someone else signs in or out", () => {
    const bus = createEventBus();
    const session = createSession(bus);
    const ann = { uid: 'ann', email: 'ann@example.com', displayName: null };
    bus.publish({ type: 'auth:changed', v: 1, user: ann });
    bus.publish({ type: 'account:profile', v: 1, uid: 'ann', profile: { username: 'Ann', city: 'Springfield' } });
    expect(session.current.profile).toEqual({ username: 'Ann', city: 'Springfield' });
    bus.publish({ type: 'account:profile', v: 1, uid: 'bob', profile: { username: 'Bob' } });
    expect(session.current.profile).toEqual({ username: 'Ann', city: 'Springfield' });
    bus.publish({ type: 'auth:changed', v: 1, user: ann });
    expect(session.current.profile).toEqual({ username: 'Ann', city: 'Springfield' });
    bus.publish({ type: 'auth:changed', v: 1, user: null });
    expect(session.current.profile).toBeNull();
  });
});
