/**
 * What the local Auth service changes in the emulator's answers before passing them on: every ID
 * token is recorded (the proof, for the shop's services, that this service issued it), every refresh
 * token is sealed (refreshTokens.ts), and an account's password fields are taken out: the emulator's
 * `passwordHash` is `fakeHash:salt=…:password=<the password in clear>`.
 */
import type { IssuedTokens } from './issuedTokens.ts';
import type { RefreshTokenSeal } from './refreshTokens.ts';

const passwordFields = new Set(['passwordHash', 'salt', 'passwordSalt']);

function withoutPasswords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPasswords);
  if (!value || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) if (!passwordFields.has(key)) kept[key] = withoutPasswords(inner);
  return kept;
}

/** The answer to pass on, for an answer of the emulator's that parsed as JSON. */
export function rewriteAnswer(answer: unknown, tokens: IssuedTokens, seal: RefreshTokenSeal): unknown {
  const cleaned = withoutPasswords(answer);
  if (!cleaned || typeof cleaned !== 'object' || Array.isArray(cleaned)) return cleaned;
  const fields = cleaned as Record<string, unknown>;
  for (const key of ['idToken', 'id_token']) {
    if (typeof fields[key] === 'string') tokens.record(fields[key]);
  }
  for (const key of ['refreshToken', 'refresh_token']) {
    if (typeof fields[key] !== 'string') continue;
    const sealed = seal.seal(fields[key]);
    if (sealed) fields[key] = sealed;
    else delete fields[key];
  }
  return fields;
}
