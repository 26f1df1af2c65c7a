/**
 * What this remote exposes as `./idToken` (`account/idToken`, the shape shared-events names
 * `IdTokenSource`): the signed-in user's ID token for another remote's service calls (the back
 * office's staff API), from the page's one sign-in. Loading it starts the account session if the
 * header has not (instance.ts), so it answers for whoever the `session` store reports.
 */
import type { IdTokenSource } from 'shared-events';
import { accountSession } from './instance.ts';

export const idToken: IdTokenSource['idToken'] = (options) => accountSession.idToken(options);
