/** @jest-environment node */
import type { IdTokenSource } from 'shared-events';
import { accessFor, staffTokens, tokenClaims } from './staffSession.ts';

/** base64url of the UTF-8 text, unpadded, as a JWT carries it. */
const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
/** An unsigned token with these claims: enough for the screen's choice, which the staff API never trusts. */
const tokenWith = (claims: object) => `${base64url('{"alg":"none"}')}.${base64url(JSON.stringify(claims))}.sig`;

function account(tokens: { held: string | null; fresh?: string | null }) {
  const idToken = jest.fn(async (options?: { fresh?: boolean }) => (options?.fresh ? (tokens.fresh ?? tokens.held) : tokens.held));
  const source: IdTokenSource = { idToken };
  const load = jest.fn(async () => source);
  return { idToken, load };
}

describe("an ID token's claims", () => {
  it('reads the payload, base64url and unpadded', () => {
    expect(tokenClaims(tokenWith({ role: 'admin', email: 'ada@shop.test', name: 'Åsa Ёлкина ~~>??' }))).toEqual({
      role: 'admin',
      email: 'ada@shop.test',
      name: 'Åsa Ёлкина ~~>??',
    });
  });

  it('reads nothing from what is not a token', () => {
    expect(tokenClaims('')).toEqual({});
    expect(tokenClaims('header.%%%.sig')).toEqual({});
    expect(tokenClaims(`h.${btoa('[1]')}.s`)).toEqual({});
    expect(tokenClaims(`h.${btoa('null')}.s`)).toEqual({});
  });
});

describe('who the back office is showing', () => {
  it('a signed-out visitor without asking the account remote for anything', async () => {
    const { load } = account({ held: null });
    expect(await accessFor(null, load)).toEqual({ kind: 'signed-out' });
    expect(load).not.toHaveBeenCalled();
  });

  it('a staff member by the role in a fresh token: one granted since they signed in counts', async () => {
    const { load, idToken } = account({ held: tokenWith({}), fresh: tokenWith({ role: 'staff' }) });
    expect(await accessFor({ email: 'sam@shop.test' }, load)).toEqual({ kind: 'staff', role: 'staff', email: 'sam@shop.test' });
    expect(idToken).toHaveBeenCalledWith({ fresh: true });
  });

  it('a shopper when the token has no staff role, and nobody when the account has no user after all', async () => {
    expect(await accessFor({ email: 'ann@example.com' }, account({ held: tokenWith({ role: 'owner' }) }).load)).toEqual({
      kind: 'shopper',
      email: 'ann@example.com',
    });
    expect(await accessFor({ email: 'ann@example.com' }, account({ held: null }).load)).toEqual({ kind: 'signed-out' });
  });

  it('fails when the account remote cannot be loaded or cannot answer', async () => {
    await expect(accessFor({ email: 'sam@shop.test' }, () => Promise.reject(new Error('no account remote')))).rejects.toThrow('no account remote');
    const { load, idToken } = account({ held: null });
    idToken.mockRejectedValueOnce(new Error('network'));
    await expect(accessFor({ email: 'sam@shop.test' }, load)).rejects.toThrow('network');
  });
});

describe("the staff API's token", () => {
  it("is the account's, held or fresh as the API asks", async () => {
    const { load, idToken } = account({ held: 'held', fresh: 'fresh' });
    const token = staffTokens(load);
    expect(await token(false)).toBe('held');
    expect(await token(true)).toBe('fresh');
    expect(idToken.mock.calls).toEqual([[{ fresh: false }], [{ fresh: true }]]);
  });

  it('is refused once nobody is signed in', async () => {
    await expect(staffTokens(account({ held: null }).load)(false)).rejects.toThrow('You are signed out; sign in again');
  });
});
