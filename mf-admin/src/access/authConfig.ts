/**
 * The Firebase web config the back office signs in with: the same public config the account remote
 * uses (the gateway's GET /app-config.json), so the Auth SDK finds the shopper's or staff member's
 * persisted sign-in (IndexedDB, same origin, same app) rather than a separate one.
 */
export const APP_CONFIG_PATH = '/app-config.json';

export interface AuthConfig {
  readonly apiKey: string;
  readonly projectId: string;
  readonly authDomain?: string;
  readonly appId?: string;
  /** The local Auth emulator's origin (http://host:port) in the embedded default. */
  readonly authEmulatorUrl?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** `{firebase: {...}}` as the gateway serves it -> the fields Auth needs; throws naming what is missing. */
export function authConfigFrom(appConfig: unknown): AuthConfig {
  const firebase = (appConfig as { firebase?: Record<string, unknown> } | null)?.firebase ?? {};
  const apiKey = text(firebase.apiKey);
  const projectId = text(firebase.projectId);
  if (!apiKey || !projectId) throw new Error(`${APP_CONFIG_PATH} has no firebase.apiKey or firebase.projectId`);
  const emulator = text(firebase.authEmulatorUrl) ?? text(firebase.authEmulatorHost);
  const authDomain = text(firebase.authDomain);
  const appId = text(firebase.appId);
  return {
    apiKey,
    projectId,
    ...(authDomain ? { authDomain } : {}),
    ...(appId ? { appId } : {}),
    ...(emulator ? { authEmulatorUrl: /^https?:\/\//.test(emulator) ? emulator.replace(/\/+$/, '') : `http://${emulator}` } : {}),
  };
}
