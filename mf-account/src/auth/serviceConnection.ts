/** Loading the account service (Firebase) once, on demand, and what its failure means to the screens. */
import type { AccountService, AccountUser } from '../firebase/accountService.ts';
import { AccountError } from '../firebase/errors.ts';
import type { ConnectProblem, SessionStateStore } from './sessionState.ts';

function connectError(error: unknown): AccountError {
  if (error instanceof AccountError) return error;
  const problem = (error as { problem?: unknown } | null)?.problem;
  if (problem === 'unreachable') return new AccountError('network', undefined, { code: 'config-unreachable', cause: error });
  if (problem === 'invalid') return new AccountError('unavailable', undefined, { code: 'config-invalid', cause: error });
  return new AccountError('unavailable', undefined, { code: 'connect-failed', cause: error });
}

function problemOf(error: AccountError): ConnectProblem {
  if (error.code === 'config-unreachable') return 'config-unreachable';
  if (error.code === 'config-invalid') return 'config-invalid';
  return 'failed';
}

export class ServiceConnection {
  private connecting: Promise<AccountService> | undefined;
  private loaded: AccountService | undefined;
  private unsubscribeUser: (() => void) | undefined;
  private readonly load: () => Promise<AccountService>;
  private readonly store: SessionStateStore;
  private readonly onUser: (user: AccountUser | null) => void;

  /** `onUser` hears Firebase's word on who is signed in, from the moment the service is loaded. */
  constructor(load: () => Promise<AccountService>, store: SessionStateStore, onUser: (user: AccountUser | null) => void) {
    this.load = load;
    this.store = store;
    this.onUser = onUser;
  }

  /** The service once loaded, else undefined (nothing is loaded for asking). */
  get service(): AccountService | undefined {
    return this.loaded;
  }

  /** Loads and starts the service (idempotent; after a failure, the next call tries again). Rejects with AccountError. */
  connect(): Promise<AccountService> {
    if (this.loaded) return Promise.resolve(this.loaded);
    if (this.connecting) return this.connecting;
    this.store.set({ status: 'connecting', problem: null });
    const attempt = this.load().then(
      (loaded) => {
        this.loaded = loaded;
        this.unsubscribeUser = loaded.onUser(this.onUser);
        return loaded;
      },
      (error: unknown) => {
        const failure = connectError(error);
        this.connecting = undefined;
        this.store.set({ status: 'failed', problem: problemOf(failure) });
        throw failure;
      },
    );
    this.connecting = attempt;
    return attempt;
  }

  /** Tests only. */
  dispose(): void {
    this.unsubscribeUser?.();
  }
}
