import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresMigrations, STORE } from '../storage/registry/index.ts';
import { migratePostgres } from 'service-kit/migrations';
import { emptyRegistry, registryStateSchema, type RegistryState } from './registry.ts';

/**
 * Where the registry lives. The embedded default is one JSON file beside the releases; with
 * several gateway instances it is one PostgreSQL row, so a promotion reaches every instance at once.
 */
export interface RegistryStore {
  /** The state as this process last saw it: cheap enough for every page load. */
  current(): RegistryState;
  /** Applies a change to the newest state, one writer at a time; returns the new state. */
  update(change: (state: RegistryState) => RegistryState): Promise<RegistryState>;
  close(): Promise<void>;
}

function parse(text: string, where: string): RegistryState {
  try {
    return registryStateSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new Error(`The release registry at ${where} is damaged: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** The registry as `<dir>/registry.json`, re-read whenever the file changes. */
export function fileRegistry(dir: string): RegistryStore {
  const file = path.join(dir, 'registry.json');
  let seen: { key: string; state: RegistryState } | undefined;
  const current = (): RegistryState => {
    // Asked on every answer the gateway sends (its CSP follows the registry): a missing file must not
    // cost a thrown error each time.
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return emptyRegistry();
    const key = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
    if (seen?.key !== key) seen = { key, state: parse(readFileSync(file, 'utf8'), file) };
    return seen.state;
  };
  return {
    current,
    async update(change) {
      mkdirSync(dir, { recursive: true });
      const lock = `${file}.lock`;
      let handle: number | undefined;
      for (let attempt = 0; handle === undefined; attempt++) {
        try {
          handle = openSync(lock, 'wx');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 100)
            throw new Error(`Another deploy holds ${lock}; if none is running, delete that file`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      try {
        seen = undefined;
        const next = registryStateSchema.parse(change(current()));
        // Written beside and renamed over: a reader sees the old state or the new one, never half.
        const staging = `${file}.${process.pid}.tmp`;
        writeFileSync(staging, `${JSON.stringify(next, null, 2)}\n`);
        renameSync(staging, file);
        return next;
      } finally {
        closeSync(handle);
        rmSync(lock, { force: true });
      }
    },
    async close() {},
  };
}

/**
 * The registry as one row of PostgreSQL table `release_registry`. Writers lock the row; every
 * gateway learns of a change at once through LISTEN/NOTIFY (and re-reads every `pollMs` in case a
 * notification was missed while its connection was down).
 */
export async function postgresRegistry(databaseUrl: string, options: { pollMs?: number; listen?: boolean } = {}): Promise<RegistryStore> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // Gateways starting together take turns on the runner's lock; SchemaTooNewError if a newer release migrated it.
  await migratePostgres(pool, STORE, postgresMigrations).catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  let state = emptyRegistry();
  const refresh = async () => {
    const { rows } = await pool.query<{ state: unknown }>('SELECT state FROM release_registry WHERE id = 1');
    state = registryStateSchema.parse(rows[0]?.state ?? emptyRegistry());
  };
  await refresh();
  let listener: pg.PoolClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  if (options.listen !== false) {
    listener = await pool.connect();
    listener.on('notification', () => void refresh().catch(() => undefined));
    await listener.query('LISTEN release_registry');
    timer = setInterval(() => void refresh().catch(() => undefined), options.pollMs ?? 5000);
    timer.unref();
  }
  return {
    current: () => state,
    async update(change) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ state: unknown }>('SELECT state FROM release_registry WHERE id = 1 FOR UPDATE');
        const next = registryStateSchema.parse(change(registryStateSchema.parse(rows[0]?.state)));
        await client.query('UPDATE release_registry SET state = $1, updated_at = now() WHERE id = 1', [JSON.stringify(next)]);
        await client.query(`NOTIFY release_registry`);
        await client.query('COMMIT');
        state = next;
        return next;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (timer) clearInterval(timer);
      listener?.release();
      await pool.end();
    },
  };
}
