// The Identity Toolkit REST API (what firebase-admin's Auth uses), for the few calls the shop makes
// on its own users: find one by e-mail or uid, set their staff role and end their sessions, page
// through all of them (the account team's staff command), read one's current role (the services'
// staff checks, currentRoles.ts), and make a password-reset code (the checkout's reset endpoint). The
// same calls reach the shop's local Auth service (with its administrator secret, auth-admin.secret in
// the data folder) and a real project (with a service account's access token).
import { ROLE_CLAIM, type StaffRole } from './roles.ts';
import { readServiceAccount } from './serviceAccount.ts';

export type AuthTarget =
  | { kind: 'emulator'; hostAndPort: string; projectId: string; adminSecret: string }
  | {
      kind: 'project';
      projectId: string;
      accessToken: () => Promise<string>;
      /** Google's Identity Toolkit unless set (FIREBASE_IDENTITY_TOOLKIT_URL: tests stand in for Google). */
      apiUrl?: string | undefined;
    };

const googleApi = 'https://identitytoolkit.googleapis.com';

/** A real Firebase project through a service account's key file (GOOGLE_APPLICATION_CREDENTIALS); its project unless another is named. */
export function projectTarget(credentialsFile: string, projectId?: string, apiUrl?: string): AuthTarget {
  const account = readServiceAccount(credentialsFile);
  return { kind: 'project', projectId: projectId ?? account.projectId, accessToken: () => account.accessToken(), apiUrl };
}

export function describeTarget(target: AuthTarget): string {
  return target.kind === 'emulator' ? `the local Auth service at ${target.hostAndPort} (project ${target.projectId})` : `Firebase project ${target.projectId}`;
}

/** The Auth service did not answer, or refused (`reason`: its error code, such as EMAIL_NOT_FOUND; null when it did not answer). */
export class IdentityToolkitError extends Error {
  readonly reason: string | null;

  constructor(message: string, reason: string | null) {
    super(message);
    this.reason = reason;
  }
}

export interface AuthUser {
  uid: string;
  email: string | null;
  claims: Record<string, unknown>;
  disabled: boolean;
}

interface UserRecord {
  localId: string;
  email?: string;
  customAttributes?: string;
  disabled?: boolean;
}

function claimsOf(record: UserRecord): Record<string, unknown> {
  if (!record.customAttributes) return {};
  try {
    const claims = JSON.parse(record.customAttributes) as unknown;
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const toUser = (record: UserRecord): AuthUser => ({
  uid: record.localId,
  email: record.email ?? null,
  claims: claimsOf(record),
  disabled: record.disabled === true,
});

/** Firebase's answers that mean "no account to reset", which a shopper must not be able to tell apart. */
const NO_ACCOUNT = /^(EMAIL_NOT_FOUND|USER_NOT_FOUND|USER_DISABLED)\b/;

export type IdentityToolkit = ReturnType<typeof createIdentityToolkit>;

export function createIdentityToolkit(target: AuthTarget) {
  const api = target.kind === 'emulator' ? `http://${target.hostAndPort}/identitytoolkit.googleapis.com` : (target.apiUrl ?? googleApi);
  const base = `${api.replace(/\/+$/, '')}/v1/projects/${target.projectId}`;

  async function credential(): Promise<string> {
    if (target.kind === 'emulator') return target.adminSecret;
    try {
      return await target.accessToken();
    } catch (error) {
      throw new IdentityToolkitError(`no credential for ${describeTarget(target)}: ${(error as Error).message}`, null);
    }
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const token = await credential();
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      const hint = target.kind === 'emulator' ? ' (is the shop running? npm start)' : '';
      throw new IdentityToolkitError(`${describeTarget(target)} does not answer${hint}: ${(error as Error).message}`, null);
    }
    const answer = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!response.ok) {
      const reason = answer.error?.message ?? String(response.status);
      throw new IdentityToolkitError(`${describeTarget(target)} refused ${path.split('?')[0]}: ${reason}`, reason);
    }
    return answer;
  }

  async function lookup(query: { email: string[] } | { localId: string[] }): Promise<AuthUser | null> {
    const answer = await call<{ users?: UserRecord[] }>('POST', '/accounts:lookup', query);
    const record = answer.users?.[0];
    return record ? toUser(record) : null;
  }

  return {
    findByEmail: (email: string) => lookup({ email: [email] }),

    /** The account as it is now (its claims as last set, not as an ID token carries them). */
    findByUid: (uid: string) => lookup({ localId: [uid] }),

    /** Sets or (null) removes the role claim, keeping any other custom claims the user has. */
    async setRole(user: AuthUser, role: StaffRole | null): Promise<void> {
      const { [ROLE_CLAIM]: _previous, ...others } = user.claims;
      const claims = role ? { ...others, [ROLE_CLAIM]: role } : others;
      await call('POST', '/accounts:update', { localId: user.uid, customAttributes: JSON.stringify(claims) });
    },

    /**
     * Ends the user's sessions: their refresh tokens issued before now no longer refresh (`validSince`,
     * whole seconds, as firebase-admin's revokeRefreshTokens sets it). ID tokens already issued stay
     * valid until they expire; what they may change is checked against the account's current role.
     */
    async revokeSessions(uid: string, now: () => number = Date.now): Promise<void> {
      await call('POST', '/accounts:update', { localId: uid, validSince: String(Math.floor(now() / 1000)) });
    },

    async *allUsers(): AsyncGenerator<AuthUser> {
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({ maxResults: '1000', ...(pageToken ? { nextPageToken: pageToken } : {}) });
        const page = await call<{ users?: UserRecord[]; nextPageToken?: string }>('GET', `/accounts:batchGet?${query}`);
        for (const record of page.users ?? []) yield toUser(record);
        pageToken = page.nextPageToken || undefined;
      } while (pageToken);
    },

    /**
     * A password-reset code for the account with this e-mail, or null when there is none (nor a
     * disabled one). accounts:sendOobCode with returnOobLink: Firebase makes the code and hands the link
     * back instead of mailing it, so the shop sends its own message; only an admin credential may ask.
     */
    async passwordResetCode(email: string): Promise<string | null> {
      let answer: { oobLink?: string; oobCode?: string };
      try {
        answer = await call('POST', '/accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email, returnOobLink: true });
      } catch (error) {
        if (error instanceof IdentityToolkitError && NO_ACCOUNT.test(error.reason ?? '')) return null;
        throw error;
      }
      const code = answer.oobCode ?? (answer.oobLink ? new URL(answer.oobLink).searchParams.get('oobCode') : null);
      if (!code) throw new IdentityToolkitError(`${describeTarget(target)} answered a password reset without a code`, null);
      return code;
    },
  };
}
