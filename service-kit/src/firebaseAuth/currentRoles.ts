// The staff role an account holds now, for the services' staff requests that change something. An ID
// token carries the role its account had when it was issued, for up to an hour; a role taken away must
// stop working at the member's next change (a refund, a price), so each such request asks the Auth
// service, without a cache: the shop's local Auth service in development (its token check with
// `current`), the project's Identity Toolkit with a service account in production.
import { InvalidIdTokenError, type VerifiedIdentity } from './idTokens.ts';
import { createIdentityToolkit, projectTarget } from './identityToolkit.ts';
import { staffRoleOf, type StaffRole } from './roles.ts';

export interface CurrentRoleSource {
  projectId: string;
  /** FIREBASE_AUTH_VERIFY_URL: development, the shop's local Auth service. */
  authVerifyUrl?: string | null | undefined;
  /** GOOGLE_APPLICATION_CREDENTIALS: production, a service account key of the project allowed to read its users. */
  credentialsFile?: string | null | undefined;
  /** FIREBASE_IDENTITY_TOOLKIT_URL: Google's Identity Toolkit unless set (tests stand in for Google). */
  identityToolkitUrl?: string | null | undefined;
}

/** The Auth service cannot be asked (not configured, or not answering): the caller's 503. */
export class RoleUncheckableError extends Error {}

export interface CurrentRoles {
  /**
   * The staff role the account holds now: null for none, and for an account disabled or deleted.
   * InvalidIdTokenError when the Auth service no longer vouches for the token; RoleUncheckableError
   * when it cannot be asked.
   */
  roleOf(identity: VerifiedIdentity, idToken: string): Promise<StaffRole | null>;
}

/** Development: the local Auth service answers the token's account's claims as they are now. */
function localCurrentRoles(verifyUrl: string): CurrentRoles {
  return {
    async roleOf(_identity, idToken) {
      let response: Response;
      try {
        response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ idToken, current: true }),
          signal: AbortSignal.timeout(5000),
        });
      } catch (error) {
        throw new RoleUncheckableError(`the local Auth service does not answer: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => ({}))) as {
        current?: { claims?: Record<string, unknown>; disabled?: boolean } | null;
        message?: unknown;
      };
      if (response.status === 401 || response.status === 400) throw new InvalidIdTokenError(String(body.message ?? 'invalid token'));
      if (!response.ok || body.current === undefined) throw new RoleUncheckableError(`the local Auth service answered ${response.status}`);
      if (body.current === null || body.current.disabled === true) return null;
      return staffRoleOf(body.current.claims ?? {});
    },
  };
}

/** Production: the account's record in the project, read with the service account (Identity Toolkit accounts:lookup). */
function projectCurrentRoles(source: CurrentRoleSource & { credentialsFile: string }): CurrentRoles {
  const toolkit = createIdentityToolkit(projectTarget(source.credentialsFile, source.projectId, source.identityToolkitUrl ?? undefined));
  return {
    async roleOf(identity) {
      let user;
      try {
        user = await toolkit.findByUid(identity.uid);
      } catch (error) {
        throw new RoleUncheckableError((error as Error).message);
      }
      return user && !user.disabled ? staffRoleOf(user.claims) : null;
    },
  };
}

export function createCurrentRoles(source: CurrentRoleSource): CurrentRoles {
  if (source.authVerifyUrl) return localCurrentRoles(source.authVerifyUrl);
  if (source.credentialsFile) return projectCurrentRoles({ ...source, credentialsFile: source.credentialsFile });
  const reason = "no GOOGLE_APPLICATION_CREDENTIALS: a staff member's current role cannot be asked of Firebase";
  return { roleOf: () => Promise.reject(new RoleUncheckableError(reason)) };
}
