// The Identity Toolkit REST API (what firebase-admin's Auth uses), for the few calls the shop makes
// on its own users: find one by e-mail, set their staff role, page through all of them (the account
// team's staff command), and make a password-reset code (the checkout's reset endpoint). The same
// calls reach the local Auth emulator (with its admin credential, `Bearer owner`) and a real project.
import { ROLE_CLAIM, type StaffRole } from './roles.ts';
import { readServiceAccount } from './serviceAccount.ts';

export type AuthTarget =
  { kind: 'emulator'; hostAndPort: string; projectId: string } | { kind: 'project'; projectId: string; accessToken: () => Promise<string> };

/** A real Firebase project through a service account's key file (GOOGLE_APPLICATION_CREDENTIALS); its project unless another is named. */
export function projectTarget(credentialsFile: string, projectId?: string): AuthTarget {
  const account = readServiceAccount(credentialsFile);
  return { kind: 'project', projectId: projectId ?? account.projectId, accessToken: () => account.accessToken() };
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
}

interface UserRecord {
  localId: string;
  email?: string;
  customAttributes?: string;
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

const toUser = (record: UserRecord): AuthUser => ({ uid: record.localId, email: record.email ?? null, claims: claimsOf(record) });

/** Firebase's answers that mean "no account to reset", which a shopper must not be able to tell apart. */
const NO_ACCOUNT = /^(EMAIL_NOT_FOUND|USER_NOT_FOUND|USER_DISABLED)\b/;

export type IdentityToolkit = ReturnType<typeof createIdentityToolkit>;

export function createIdentityToolkit(target: AuthTarget) {
  const base =
    target.kind === 'emulator'
      ? `http://${target.hostAndPort}/identitytoolkit.googleapis.com/v1/projects/${target.projectId}`
      : `https://identitytoolkit.googleapis.com/v1/projects/${target.projectId}`;

  async function credential(): Promise<string> {
    if (target.kind === 'emulator') return 'owner';
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

  return {
    async findByEmail(email: string): Promise<AuthUser | null> {
      const answer = await call<{ users?: UserRecord[] }>('POST', '/accounts:lookup', { email: [email] });
      const record = answer.users?.[0];
      return record ? toUser(record) : null;
    },

    /** Sets or (null) removes the role claim, keeping any other custom claims the user has. */
    async setRole(user: AuthUser, role: StaffRole | null): Promise<void> {
      const { [ROLE_CLAIM]: _previous, ...others } = user.claims;
      const claims = role ? { ...others, [ROLE_CLAIM]: role } : others;
      await call('POST', '/accounts:update', { localId: user.uid, customAttributes: JSON.stringify(claims) });
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
