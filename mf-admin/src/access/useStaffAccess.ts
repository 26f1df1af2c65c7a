import { useCallback, useEffect, useState } from 'react';
import { useSession } from 'shared-events/react';
import { createCatalogApi, type CatalogApi } from '../api/catalogApi.ts';
import { createStaffApi, type StaffApi } from '../api/staffApi.ts';
import type { Access } from './access.ts';
import { loadIdTokenSource } from './accountTokens.ts';
import { accessFor, staffTokens } from './staffSession.ts';

export type AccessState = { phase: 'checking' } | { phase: 'failed'; message: string } | { phase: 'ready'; access: Access; api: StaffApi; catalog: CatalogApi };

const deps = { fetch: (input: string, init: RequestInit) => fetch(input, init), token: staffTokens(loadIdTokenSource) };

/**
 * Who is looking at the back office: the page's one sign-in, mf-account's, followed through the
 * shared session, so a sign-in or sign-out anywhere on the page (the login screen, the header's
 * menu, another tab) shows here at once; the role comes from the ID token the account remote hands
 * out (staffSession.ts).
 */
export function useStaffAccess(): { state: AccessState; retry: () => void } {
  const { known, user } = useSession();
  const uid = user?.uid ?? null;
  const email = user?.email ?? null;
  const [state, setState] = useState<AccessState>({ phase: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setState({ phase: 'checking' });
    // Until mf-account reports, "nobody" only means "not known yet".
    if (!known) return;
    let live = true;
    accessFor(uid === null ? null : { email }, loadIdTokenSource)
      .then((access) => {
        if (live) setState({ phase: 'ready', access, api: createStaffApi(deps), catalog: createCatalogApi(deps) });
      })
      .catch((error: unknown) => {
        if (live) setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      live = false;
    };
  }, [known, uid, email, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
