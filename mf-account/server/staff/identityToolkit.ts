// The few Identity Toolkit calls the staff command needs (the REST API firebase-admin's Auth uses):
// find a user by e-mail, set their custom claims, page through every user. The same calls reach the
// local Auth emulator (with its admin credential, `Bearer owner`) and a real Firebase project.
import { ROLE_CLAIM, type StaffRole } from './roles.ts';

export type Target = { kind: 'emulator'; hostAndPort: string; projectId: string } | { kind: 'project'; projectId: string; accessToken: () => Promise<string> };

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

export function describeTarget(target: Target): string {
  return target.kind === 'emulator' ? `the local Auth service at ${target.hostAndPort} (project ${target.projectId})` : `Firebase project ${target.projectId}`;
}

export function createIdentityToolkit(target: Target) {
  const base =
    target.kind === 'emulator'
      ? `http://${target.hostAndPort}/identitytoolkit.googleapis.com/v1/projects/${target.projectId}`
      : `https://identitytoolkit.googleapis.com/v1/projects/${target.projectId}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const token = target.kind === 'emulator' ? 'owner' : await target.accessToken();
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
      throw new Error(`${describeTarget(target)} does not answer${hint}: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!response.ok) throw new Error(`${describeTarget(target)} refused ${path}: ${answer.error?.message ?? response.status}`);
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
  };
}
