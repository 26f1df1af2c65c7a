/**
 * What the local Auth service lets a caller without its administrator secret do: the calls the shop's
 * pages make for their own account, each with only the fields those calls take. The emulator behind
 * it would do far more for anyone: `Authorization: Bearer owner` (or any `ya29.` token) makes a caller
 * its administrator, which lists every account with its password in clear and sets custom claims;
 * it mints ID tokens from unsigned custom tokens; it decodes the ID tokens it is sent without checking
 * a signature (so a token written for another uid reads or changes that account); and it turns any
 * field name into camelCase before reading it (`custom_attributes` is `customAttributes`).
 *
 * So a self-service request is taken only on a path of the list below, as JSON, and what is passed on
 * is a new body with the endpoint's fields alone; a field that sets what only the shop's servers may
 * set, or names an account other than the caller's, is refused in whatever spelling; an ID token must
 * be one this service issued, and its account is the caller's.
 */
import type { IssuedTokens } from './issuedTokens.ts';

const toolkit = '/identitytoolkit.googleapis.com';

/** Reads the Firebase web SDK makes that reveal no account. */
export const selfServiceReads: ReadonlySet<string> = new Set(['/', `${toolkit}/v1/projects`, `${toolkit}/v2/passwordPolicy`, `${toolkit}/v2/recaptchaConfig`]);

/** The token refresh (securetoken), handled by the proxy with its sealed refresh tokens. */
export const tokenRefreshPath = '/securetoken.googleapis.com/v1/token';

interface Endpoint {
  /** The fields passed on; any other is left out. */
  fields: readonly string[];
  /** The call acts on an account and needs its ID token. */
  needsIdToken?: boolean;
  /** Fields that name other accounts to read (lookup). */
  namesAccounts?: readonly string[];
}

const clientFields = ['clientType', 'captchaResponse', 'captchaResp', 'recaptchaVersion'];

const endpoints: Record<string, Endpoint> = {
  [`${toolkit}/v1/accounts:signUp`]: { fields: ['email', 'password', 'displayName', 'returnSecureToken', 'idToken', ...clientFields] },
  [`${toolkit}/v1/accounts:signInWithPassword`]: { fields: ['email', 'password', 'returnSecureToken', ...clientFields] },
  [`${toolkit}/v1/accounts:lookup`]: {
    fields: ['idToken'],
    needsIdToken: true,
    namesAccounts: ['email', 'phoneNumber', 'federatedUserId', 'initialEmail'],
  },
  [`${toolkit}/v1/accounts:update`]: {
    fields: ['idToken', 'oobCode', 'displayName', 'photoUrl', 'password', 'email', 'deleteAttribute', 'deleteProvider', 'returnSecureToken'],
  },
  [`${toolkit}/v1/accounts:delete`]: { fields: ['idToken'], needsIdToken: true },
  [`${toolkit}/v1/accounts:sendOobCode`]: {
    fields: [
      'requestType',
      'email',
      'idToken',
      'newEmail',
      'continueUrl',
      'canHandleCodeInApp',
      'iOSBundleId',
      'androidPackageName',
      'androidInstallApp',
      'androidMinimumVersionCode',
      'dynamicLinkDomain',
      'linkDomain',
      ...clientFields,
    ],
  },
  [`${toolkit}/v1/accounts:resetPassword`]: { fields: ['oobCode', 'newPassword'] },
};

/** Fields only the shop's servers may send, by their letters alone (the emulator reads `custom_attributes` as `customAttributes`). */
const adminOnly: Record<string, string> = {
  customattributes: 'custom claims are set by the staff command only',
  targetprojectid: 'a caller acts on this project only',
  tenantid: 'a caller acts on this project only',
  disableuser: 'accounts are disabled by the shop only',
  validsince: 'sessions are revoked by the shop only',
  emailverified: 'an address is verified by its code only',
  returnooblink: 'codes go to the mailbox only',
  linkprovideruserinfo: 'providers are linked by the shop only',
  upgradetofederatedlogin: 'providers are linked by the shop only',
};

/** A field's name as the emulator reads it, near enough: its letters and digits, in lower case. */
export const fieldLetters = (field: string) => field.replace(/[^A-Za-z0-9]/g, '').toLowerCase();

export function isSelfServicePath(pathname: string): boolean {
  return Object.hasOwn(endpoints, pathname);
}

export interface Refusal {
  status: number;
  /** Firebase's form, `CODE : detail`, which the web SDK turns into its error code. */
  message: string;
}

export type SelfServiceVerdict = { refused: Refusal } | { body: Record<string, unknown> };

const refuse = (status: number, message: string): SelfServiceVerdict => ({ refused: { status, message } });

/**
 * The body to pass on for a self-service call to `pathname` (one of isSelfServicePath's), or why it
 * is refused.
 */
export function vetSelfService(pathname: string, body: unknown, tokens: IssuedTokens, projectId: string): SelfServiceVerdict {
  const endpoint = endpoints[pathname];
  if (!endpoint) return refuse(403, "INSUFFICIENT_PERMISSION : This call is for the shop's servers only");
  if (!body || typeof body !== 'object' || Array.isArray(body)) return refuse(400, 'INVALID_ARGUMENT : Send a JSON object');
  const fields = body as Record<string, unknown>;

  let uid: string | undefined;
  if (fields.idToken !== undefined) {
    const verdict = typeof fields.idToken === 'string' ? tokens.verify(fields.idToken, projectId) : { reason: 'not a string' };
    if ('reason' in verdict) return refuse(400, 'INVALID_ID_TOKEN');
    uid = verdict.uid;
  } else if (endpoint.needsIdToken) {
    return refuse(400, 'MISSING_ID_TOKEN');
  }

  const namesAccounts = new Set((endpoint.namesAccounts ?? []).map(fieldLetters));
  const passed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    const key = fieldLetters(field);
    const reason = adminOnly[key];
    if (reason) return refuse(403, `INSUFFICIENT_PERMISSION : ${field}: ${reason}`);
    if (key === 'localid') {
      if (uid === undefined || value !== uid) return refuse(403, `INSUFFICIENT_PERMISSION : ${field}: a caller acts on their own account only`);
      continue;
    }
    if (namesAccounts.has(key)) return refuse(403, `INSUFFICIENT_PERMISSION : ${field}: a caller reads their own account only`);
    if (endpoint.fields.includes(field)) passed[field] = value;
  }
  return { body: passed };
}
