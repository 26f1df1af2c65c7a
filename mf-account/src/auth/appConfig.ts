/**
 * The Firebase part of the gateway's runtime configuration (GET /app-config.json, see
 * shell/server/config.ts): fetched once per page, reshaped into what src/firebase/config.ts
 * validates, and validated there. A failed fetch is not cached, so "Try again" asks again.
 */
import { parseFirebaseConfig, type FirebaseRuntimeConfig } from '../firebase/config.ts';

export const APP_CONFIG_PATH = '/app-config.json';

export type AppConfigProblem = 'unreachable' | 'invalid';

export class AppConfigError extends Error {
  readonly problem: AppConfigProblem;
  constructor(problem: AppConfigProblem, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppConfigError';
    this.problem = problem;
  }
}

const FIELDS = ['apiKey', 'authDomain', 'projectId', 'databaseURL', 'appId', 'databaseEmulatorHost'] as const;

/**
 * `{firebase: {apiKey, authDomain, projectId, databaseURL, authEmulatorUrl?, databaseEmulatorHost?}}`
 * as the gateway serves it -> the account service's config (authEmulatorUrl becomes authEmulatorHost;
 * fields the gateway may add later are left out, since the service's schema is strict).
 */
export function firebaseConfigFromAppConfig(appConfig: unknown): unknown {
  const firebase = appConfig && typeof appConfig === 'object' ? (appConfig as { firebase?: unknown }).firebase : undefined;
  if (!firebase || typeof firebase !== 'object') return {};
  const source = firebase as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of FIELDS) {
    const value = source[key];
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  }
  const authEmulator = source.authEmulatorHost ?? source.authEmulatorUrl;
  if (typeof authEmulator === 'string' && authEmulator !== '') out.authEmulatorHost = authEmulator;
  return out;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

let pending: Promise<FirebaseRuntimeConfig> | undefined;

/** The validated Firebase config; one request per page (until one fails). */
export function loadFirebaseConfig(fetchImpl: Fetch = (input, init) => fetch(input, init)): Promise<FirebaseRuntimeConfig> {
  pending ??= (async () => {
    let body: unknown;
    try {
      const response = await fetchImpl(APP_CONFIG_PATH, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${APP_CONFIG_PATH} answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      throw new AppConfigError('unreachable', `Could not load ${APP_CONFIG_PATH}`, { cause: error });
    }
    try {
      return parseFirebaseConfig(firebaseConfigFromAppConfig(body));
    } catch (error) {
      throw new AppConfigError('invalid', error instanceof Error ? error.message : String(error), { cause: error });
    }
  })();
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

/** Tests only: forget the cached config. */
export function resetAppConfigForTests(): void {
  pending = undefined;
}
