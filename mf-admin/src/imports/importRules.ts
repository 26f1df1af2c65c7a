/**
 * The import page's rules: which files go and how, which addresses, how far a job is, and how often
 * to ask. The catalogue checks everything again (mf-catalog/server/importer/jobSources.ts).
 */
import type { ImportJob } from 'catalog-api/imports';
import type { ImportRequest } from '../api/catalogApi.ts';
import type { MessageKey } from '../i18n/messages.ts';

/** The catalogue's default IMPORT_MAX_BYTES: a bigger file would only be refused after its upload. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

const TYPES: Record<string, string> = {
  json: 'application/json',
  ndjson: 'application/x-ndjson',
  jsonl: 'application/x-ndjson',
  csv: 'text/csv',
};

export const ACCEPTED_FILES = '.json,.ndjson,.jsonl,.csv';

/** The content type a file goes with, by its name, or the reason it cannot go. */
export function fileContentType(name: string, size: number): { contentType: string } | { error: MessageKey } {
  const extension = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const contentType = TYPES[extension];
  if (!contentType) return { error: 'import.error.fileType' };
  if (size > MAX_FILE_BYTES) return { error: 'import.error.fileSize' };
  if (size === 0) return { error: 'import.error.fileEmpty' };
  return { contentType };
}

export function urlRequest(text: string): ImportRequest | { error: MessageKey } {
  const url = text.trim();
  if (!URL.canParse(url)) return { error: 'import.error.url' };
  const protocol = new URL(url).protocol;
  return protocol === 'http:' || protocol === 'https:' ? { kind: 'url', url } : { error: 'import.error.url' };
}

/** Percent done for the progress bar; null while the total is unknown (the bar is indeterminate). */
export function percentDone(job: Pick<ImportJob, 'state' | 'total' | 'processed'>): number | null {
  if (job.state === 'done') return 100;
  if (job.total === null || job.total === 0) return null;
  // A running job is never shown at 100 %: its last batch is still being written.
  const percent = Math.floor((job.processed / job.total) * 100);
  return job.state === 'running' ? Math.min(99, percent) : Math.min(100, percent);
}

/** Waits between polls: quick at first (small files finish in a moment), then every two seconds. */
export function pollDelay(attempt: number): number {
  return Math.min(2000, 250 * 2 ** attempt);
}
