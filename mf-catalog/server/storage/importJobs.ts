// The import_jobs table (migration 0002-import-jobs), read and written on the primary: a replica may
// lag behind the progress just written.
import type { CatalogSql } from './catalogSql.ts';
import type { ImportJob, ImportProgress, RefusedRecord } from './repository.ts';

export async function createImportJob({ db }: CatalogSql, job: Pick<ImportJob, 'id' | 'source' | 'createdBy' | 'createdAt'>): Promise<void> {
  await db
    .insertInto('import_jobs')
    .values({ id: job.id, state: 'running', source: job.source, created_by: job.createdBy, created_at: job.createdAt, updated_at: job.createdAt })
    .execute();
}

/** Writes progress only while the job is running; false when it was not. */
export async function updateImportJob({ db }: CatalogSql, id: string, p: ImportProgress, now: string): Promise<boolean> {
  const result = await db
    .updateTable('import_jobs')
    .set({
      state: p.state,
      total: p.total,
      processed: p.processed,
      accepted: p.accepted,
      refused_count: p.refusedCount,
      refused: JSON.stringify(p.refused),
      error: p.error,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function getImportJob({ db }: CatalogSql, id: string): Promise<ImportJob | null> {
  const row = await db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
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
