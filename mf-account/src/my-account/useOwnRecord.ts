import { useCallback, useEffect, useReducer, useState } from 'react';
import { accountSession } from '../auth/instance.ts';
import { toAccountError, type AccountErrorKind } from '../firebase/errors.ts';
import type { UserRecord, UserRecordPatch } from '../firebase/userRecord.ts';

export interface OwnRecord {
  readonly status: 'loading' | 'ready' | 'error';
  readonly record: UserRecord | null;
  readonly error: AccountErrorKind | null;
  reload(): void;
  /** Writes `patch` to users/{uid}; rejects with AccountError; the record follows on success. */
  save(patch: UserRecordPatch): Promise<void>;
}

type Loaded = Pick<OwnRecord, 'status' | 'record' | 'error'>;

/** The signed-in shopper's users/{uid}, loaded once the sign-in is confirmed (uid given). */
export function useOwnRecord(uid: string | null): OwnRecord {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading', record: null, error: null });
  const [attempt, reload] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    if (!uid) return;
    let live = true;
    setLoaded((current) => ({ ...current, status: 'loading', error: null }));
    accountSession.readOwnRecord().then(
      (record) => live && setLoaded({ status: 'ready', record, error: null }),
      (error: unknown) => live && setLoaded({ status: 'error', record: null, error: toAccountError(error).kind }),
    );
    return () => {
      live = false;
    };
  }, [uid, attempt]);

  const save = useCallback(async (patch: UserRecordPatch) => {
    await accountSession.updateOwnRecord(patch);
    setLoaded((current) => ({ ...current, status: 'ready', error: null, record: { ...(current.record ?? {}), ...patch } as UserRecord }));
  }, []);

  return { ...loaded, reload, save };
}
