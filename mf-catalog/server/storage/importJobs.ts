// The import_jobs table (migration 0002-import-jobs) read and written through the store's driver:
// the same SQL on SQLite and PostgreSQL, numbered parameters as everywhere in the store.
import type { ImportJob, ImportProgress, RefusedRecord } from './repository.ts';
import type { Statement } from './sql.ts';

/** The part of the store's SqlDriver used here (named here so the store and this module do not import each other). */
export interface JobDriver {
  transaction<T>(
    body: (tx: { all<R>(statement: Statement): Promise<R[]>; run(statement: Statement): Promise<number> }) => Promise<T>,
    keep: (result: T) => boolean,
  ): Promise<T>;
}

interface ImportJobRow {
  id: string;
  state: ImportJob['state'];
  source: string;
  created_by: string;
  total: number | string | null;
  processed: number | string;
  accepted: number | string;
  refused_count: number | string;
  refused: string;
  error: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, state, source, created_by, total, processed, accepted, refused_count, refused, error, created_at, updated_at';

function rowToJob(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    state: row.state,
    source: row.source,
    createdBy: row.created_by,
    total: row.total === null ? null : Number(row.total),
    processed: Number(row.processed),
    accepted: Number(row.accepted),
    refusedCount: Number(row.refused_count),
    refused: JSON.parse(row.refused) as RefusedRecord[],
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function createImportJob(driver: JobDriver, job: Pick<ImportJob, 'id' | 'source' | 'createdBy' | 'createdAt'>): Promise<void> {
  await driver.transaction(
    (tx) =>
      tx.run({
        sql: `INSERT INTO import_jobs (id, state, source, created_by, created_at, updated_at) VALUES ($1, 'running', $2, $3, $4, $4)`,
        values: [job.id, job.source, job.createdBy, job.createdAt],
      }),
    () => true,
  );
}

export async function updateImportJob(driver: JobDriver, id: string, p: ImportProgress, now: string): Promise<boolean> {
  const changed = await driver.transaction(
    (tx) =>
      tx.run({
        sql: `UPDATE import_jobs SET state = $2, total = $3, processed = $4, accepted = $5, refused_count = $6, refused = $7, error = $8, updated_at = $9
          WHERE id = $1 AND state = 'running'`,
        values: [id, p.state, p.total, p.processed, p.accepted, p.refusedCount, JSON.stringify(p.refused), p.error, now],
      }),
    () => true,
  );
  return changed === 1;
}

/** Read on the primary, in a transaction: a replica may lag behind the progress just written. */
export async function getImportJob(driver: JobDriver, id: string): Promise<ImportJob | null> {
  const [row] = await driver.transaction(
    (tx) => tx.all<ImportJobRow>({ sql: `SELECT ${COLUMNS} FROM import_jobs WHERE id = $1`, values: [id] }),
    () => true,
  );
  return row ? rowToJob(row) : null;
}
