// A stand-in for the shop's local Auth service's issued-token check (POST {idToken} -> {uid, exp,
// claims}, and with `current: true` the account's claims as they are now), so tests can sign in as
// staff, an admin or a shopper without the Auth emulator, and take a role away.
import { createServer, type Server } from 'node:http';

/** ID-token-shaped tokens the stand-in vouches for, by who they are. */
export const TOKENS = {
  staff: 'eyJhbGciOiJub25lIn0.eyJzdGFmZiI6MX0.c3RhZmY',
  admin: 'eyJhbGciOiJub25lIn0.eyJhZG1pbiI6MX0.YWRtaW4',
  shopper: 'eyJhbGciOiJub25lIn0.eyJzaG9wcGVyIjoxfQ.c2hvcA',
  /** Well-formed, but never issued. */
  forged: 'eyJhbGciOiJub25lIn0.eyJyb2xlIjoiYWRtaW4ifQ.',
} as const;

const CLAIMS: Record<string, { uid: string; claims: Record<string, unknown> }> = {
  [TOKENS.staff]: { uid: 'staff-1', claims: { email: 'sam@shop.example', role: 'staff' } },
  [TOKENS.admin]: { uid: 'admin-1', claims: { email: 'ada@shop.example', role: 'admin' } },
  [TOKENS.shopper]: { uid: 'shopper-1', claims: { email: 'nora@example.com' } },
};

export interface FakeAuth {
  verifyUrl: string;
  /** Takes the role away from the account of `token` (the token itself still carries it). */
  revokeRole(token: string): void;
  close(): Promise<void>;
}

export async function startFakeAuth(): Promise<FakeAuth> {
  const revoked = new Set<string>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { idToken = '', current } = JSON.parse(body || '{}') as { idToken?: string; current?: boolean };
      const known = CLAIMS[idToken];
      response.writeHead(known ? 200 : 401, { 'content-type': 'application/json' });
      if (!known) return response.end(JSON.stringify({ message: 'INVALID_ID_TOKEN' }));
      const { email: _email, ...custom } = known.claims;
      const now = current === true ? { current: { claims: revoked.has(known.uid) ? {} : custom, disabled: false } } : {};
      response.end(JSON.stringify({ ...known, exp: Math.floor(Date.now() / 1000) + 3600, ...now }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    verifyUrl: `http://127.0.0.1:${address.port}/storefront/v1/tokens:verify`,
    revokeRole: (token) => revoked.add(CLAIMS[token]!.uid),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
