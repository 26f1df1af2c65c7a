import { useCallback, useEffect, useState } from 'react';
import { createCatalogApi, type CatalogApi } from '../api/catalogApi.ts';
import { createStaffApi, type StaffApi } from '../api/staffApi.ts';
import { accessOf, type Access } from './access.ts';

export type AccessState = { phase: 'checking' } | { phase: 'failed'; message: string } | { phase: 'ready'; access: Access; api: StaffApi; catalog: CatalogApi };

/**
 * Who is looking at the back office, from the Firebase sign-in the account remote made. The SDK
 * arrives in its own chunk on first use, so no other page of the shop ever fetches it.
 */
export function useStaffAccess(): { state: AccessState; retry: () => void } {
  const [state, setState] = useState<AccessState>({ phase: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ phase: 'checking' });
    import(/* webpackChunkName: "admin-firebase" */ './firebaseAuth.ts')
      .then(async ({ staffSignIn }) => {
        const access = accessOf(await staffSignIn.user());
        const deps = { fetch: (input: string, init: RequestInit) => fetch(input, init), token: (fresh: boolean) => staffSignIn.token(fresh) };
        if (live) setState({ phase: 'ready', access, api: createStaffApi(deps), catalog: createCatalogApi(deps) });
      })
      .catch((error: unknown) => {
        if (live) setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
