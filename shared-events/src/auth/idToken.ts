/**
 * The signed-in user's Firebase ID token, for a remote whose service calls must prove who is calling
 * (the back office's staff API takes `Authorization: Bearer <ID token>`). Who is signed in is the
 * `session` store's (`auth:changed`); the proof is mf-account's, which holds the page's one Firebase
 * sign-in: it exposes this shape as the federated module `account/idToken`
 * (mf-account/src/auth/idToken.ts), loaded by the remote that needs a token when it first does.
 */
export interface IdTokenOptions {
  /** Asks Firebase for a new token rather than the one it holds: claims granted since then are in it. */
  readonly fresh?: boolean;
}

/** The module the account remote exposes as `account/idToken`. */
export interface IdTokenSource {
  /**
   * The ID token of whoever `session` says is signed in, or null when nobody is. Rejects when the
   * account service cannot be reached (its configuration or Firebase did not load).
   */
  idToken(options?: IdTokenOptions): Promise<string | null>;
}
