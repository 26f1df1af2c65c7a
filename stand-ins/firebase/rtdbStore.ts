/**
 * The database's data, the rules every read and write is evaluated by (targaryen), and, with a
 * persist file, the data's saves: every change goes through `commit`, so none escapes the save.
 */
import { readJsonFile, SaveScheduler, writeFileAtomic } from './durableFile.ts';
import type { Targaryen, TargaryenDataNode, TargaryenResult } from './firebaseServerLoader.ts';
import { exportNode, resolveIncrements } from './rtdbData.ts';

type Claims = Record<string, unknown>;
export type TokenCheck = { ok: true; uid: string; claims: Claims; exp: number } | { ok: false; reason: string };
/** Who a connection acts as: a signed-in user, the administrator, or nobody (null). */
export type Identity = { kind: 'user'; uid: string; claims: Claims } | { kind: 'admin' } | null;
/** A write's outcome, as the protocol answers it. */
export type WriteOutcome = { status: 'ok' } | { status: 'permission_denied' | 'invalid_data'; message: string };

export function describe(identity: Identity): string {
  if (identity === null) return 'anonymous';
  return identity.kind === 'admin' ? 'administrator' : `uid ${identity.uid}`;
}

export interface RtdbStoreOptions {
  rules: unknown;
  data?: unknown;
  persistFile?: string;
  saveDelayMs?: number;
  log: (line: string) => void;
}

/** The data after a write the rules allowed, or undefined when they refused it. */
function allowedRoot(result: TargaryenResult): TargaryenDataNode | undefined {
  return result.allowed ? result.newDatabase.root : undefined;
}

export class RtdbStore {
  private readonly targaryen: Targaryen;
  private ruleset: unknown;
  private rootNode: TargaryenDataNode;
  private readonly saves: SaveScheduler | undefined;
  private readonly log: (line: string) => void;

  constructor(targaryen: Targaryen, options: RtdbStoreOptions) {
    this.targaryen = targaryen;
    this.log = options.log;
    this.ruleset = targaryen.ruleset(options.rules);
    const file = options.persistFile;
    const saved = file === undefined ? undefined : readJsonFile(file);
    this.rootNode = targaryen.store(saved ?? options.data ?? null);
    this.saves =
      file === undefined
        ? undefined
        : new SaveScheduler(
            () => writeFileAtomic(file, JSON.stringify(exportNode(this.rootNode))),
            options.saveDelayMs ?? 200,
            (error) => options.log(`saving the database failed (will retry): ${error instanceof Error ? error.message : String(error)}`),
          );
  }

  get root(): TargaryenDataNode {
    return this.rootNode;
  }

  setRules(rules: unknown): void {
    this.ruleset = this.targaryen.ruleset(rules);
  }

  valueAt(path: string): unknown {
    return exportNode(path ? this.rootNode.$child(`/${path}`) : this.rootNode);
  }

  canRead(identity: Identity, path: string): boolean {
    if (identity?.kind === 'admin') return true;
    return this.rules(identity).read(`/${path}`).allowed;
  }

  /** `value` with its server values resolved against the data now at `path`. */
  resolved(value: unknown, path: string): unknown {
    return resolveIncrements(this.rootNode, value, path);
  }

  /** set(): the administrator writes anything, everyone else what the rules allow. */
  set(identity: Identity, path: string, value: unknown, now = Date.now()): WriteOutcome {
    return this.apply(identity, 'write', path, () => {
      if (identity?.kind === 'admin') return this.rootNode.$set(`/${path}`, value, undefined, now);
      return allowedRoot(this.rules(identity, now).write(`/${path}`, value, undefined, now));
    });
  }

  /** update(): as set(), for several children at once. */
  merge(identity: Identity, path: string, patch: Record<string, unknown>, now = Date.now()): WriteOutcome {
    return this.apply(identity, 'update', path, () => {
      if (identity?.kind === 'admin') return this.rootNode.$merge(`/${path}`, patch, now);
      return allowedRoot(this.rules(identity, now).update(`/${path}`, patch, now));
    });
  }

  /** Saves pending changes now. */
  flush(): Promise<void> {
    return this.saves?.flush() ?? Promise.resolve();
  }

  /** Saves what is held, and no more later. */
  async close(): Promise<void> {
    await this.saves?.close();
  }

  /** Makes the data what `attempt` gives (undefined: the rules refused), and schedules its save. */
  private apply(identity: Identity, what: string, path: string, attempt: () => TargaryenDataNode | undefined): WriteOutcome {
    let newRoot: TargaryenDataNode | undefined;
    try {
      newRoot = attempt();
    } catch (e) {
      return { status: 'invalid_data', message: e instanceof Error ? e.message : String(e) };
    }
    if (!newRoot) {
      this.log(`denied ${what} ${path} for ${describe(identity)}`);
      return { status: 'permission_denied', message: 'Permission denied' };
    }
    this.rootNode = newRoot;
    this.saves?.markDirty();
    return { status: 'ok' };
  }

  private rules(identity: Identity, now = Date.now()) {
    const db = this.targaryen.database(this.ruleset, this.rootNode, now);
    if (identity?.kind === 'user') {
      const firebase = identity.claims.firebase as { sign_in_provider?: unknown } | undefined;
      const provider = typeof firebase?.sign_in_provider === 'string' ? firebase.sign_in_provider : 'password';
      return db.as({ uid: identity.uid, provider, token: identity.claims });
    }
    return db; // auth === null
  }
}
