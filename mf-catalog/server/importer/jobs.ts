// Import jobs: a file or a DummyJSON-compatible URL loaded in the background through the store's
// importProducts (the import command's write: held stock kept, caches and other instances told),
// with progress and refused records written to the database as it goes, so any instance answers.
import { randomUUID } from 'node:crypto';
import type { ProductRecord } from '../products/model.ts';
import type { ImportJob, ImportJobRepository, ImportProgress, ProductRepository, RefusedRecord } from '../storage/repository.ts';
import { convertProduct } from './dummyjson.ts';
import { pagesOfUrl, UnreadableRecord, type ImportLimits } from './jobSources.ts';
import { createSourceFetch, type SourceFetch } from './sourceFetch.ts';

export type ImportSource = { kind: 'file'; description: string; records: unknown[] } | { kind: 'url'; url: URL };

export interface ImportJobsOptions {
  store: Pick<ProductRepository, 'importProducts'> & ImportJobRepository;
  limits: ImportLimits;
  /** IMPORT_ALLOWED_ORIGINS: the internal sources a URL import may read besides public addresses. */
  allowedOrigins?: readonly string[];
  /** Fetches a URL source's pages in place of sourceFetch.ts (and its address checks). */
  fetch?: typeof fetch;
  now?: () => Date;
  /** Products written per transaction (and per progress update). */
  batchSize?: number;
  /** Longest a whole import may take. */
  maxDurationMs?: number;
}

/** Refused records kept for the page to list; the count goes on past it. */
export const MAX_REFUSED_LISTED = 1000;
/** A running job is written at least this often; one silent for STALE_MS lost its instance. */
const HEARTBEAT_MS = 5000;
const STALE_MS = 60_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Checks each record of a source in turn: the product it makes, or why it is refused. */
export class RecordChecker {
  private readonly firstSeen = new Map<number, number>();
  private readonly baseUrl: string | undefined;
  private readonly now: Date;

  constructor(baseUrl: string | undefined, now: Date) {
    this.baseUrl = baseUrl;
    this.now = now;
  }

  check(item: unknown, index: number): { record: ProductRecord } | { refused: RefusedRecord } {
    if (item instanceof UnreadableRecord) return { refused: { index, reason: item.reason } };
    const result = convertProduct(item, index, { baseUrl: this.baseUrl, now: this.now });
    if ('rejected' in result) {
      const { id, reason } = result.rejected;
      return { refused: { index, ...(typeof id === 'string' || typeof id === 'number' ? { id: typeof id === 'string' ? id.slice(0, 60) : id } : {}), reason } };
    }
    const earlier = this.firstSeen.get(result.record.id);
    if (earlier !== undefined) return { refused: { index, id: result.record.id, reason: `id ${result.record.id} is already used by record #${earlier}` } };
    this.firstSeen.set(result.record.id, index);
    return { record: result.record };
  }
}

export class ImportJobs {
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private readonly now: () => Date;
  private readonly options: ImportJobsOptions;
  private readonly sources: SourceFetch;

  constructor(options: ImportJobsOptions) {
    this.options = options;
    this.now = options.now ?? (() => new Date());
    this.sources = options.fetch ? { fetch: options.fetch, close: async () => undefined } : createSourceFetch({ allowedOrigins: options.allowedOrigins ?? [] });
  }

  /** Records the job and starts it; resolves to its id once any instance can read it. */
  async start(source: ImportSource, createdBy: string): Promise<string> {
    const id = randomUUID();
    const description = source.kind === 'url' ? source.url.href : source.description;
    await this.options.store.createImportJob({ id, source: description.slice(0, 2000), createdBy, createdAt: this.now().toISOString() });
    const abort = new AbortController();
    const done = this.run(id, source, abort).finally(() => this.running.delete(id));
    this.running.set(id, { abort, done });
    return id;
  }

  /** The job as stored; a running one nobody has written for a minute is reported as failed. */
  async get(id: string): Promise<ImportJob | null> {
    const job = await this.options.store.getImportJob(id);
    if (!job || job.state !== 'running' || this.running.has(id)) return job;
    if (this.now().getTime() - Date.parse(job.updatedAt) < STALE_MS) return job;
    return { ...job, state: 'failed', error: 'The import stopped: the catalogue instance running it went away. Start it again.' };
  }

  /** Stops the jobs of this instance (a graceful stop): each is recorded as failed, with what it had done. */
  async close(): Promise<void> {
    for (const { abort } of this.running.values()) abort.abort(new Error('The import stopped: the catalogue service was shut down. Start it again.'));
    await Promise.all([...this.running.values()].map(({ done }) => done));
    await this.sources.close();
  }

  private async run(id: string, source: ImportSource, abort: AbortController): Promise<void> {
    const { signal } = abort;
    const { store, limits } = this.options;
    const progress: ImportProgress = { state: 'running', total: null, processed: 0, accepted: 0, refusedCount: 0, refused: [], error: null };
    const save = () => store.updateImportJob(id, progress, this.now().toISOString());
    const heartbeat = setInterval(() => void save().catch(() => undefined), HEARTBEAT_MS);
    const limitMs = this.options.maxDurationMs ?? 600_000;
    const deadline = setTimeout(() => abort.abort(new Error(`The import took longer than ${Math.round(limitMs / 1000)} s and was stopped`)), limitMs);
    const checker = new RecordChecker(source.kind === 'url' ? source.url.href : undefined, this.now());
    let batch: ProductRecord[] = [];
    const flush = async () => {
      if (batch.length > 0) await store.importProducts(batch);
      progress.accepted += batch.length;
      batch = [];
      await save();
    };
    try {
      for await (const item of this.items(source, progress, signal)) {
        signal.throwIfAborted();
        const index = progress.processed;
        if (index >= limits.maxRecords)
          throw new Error(`The source holds more than ${limits.maxRecords} records (IMPORT_MAX_RECORDS); the first ones were imported`);
        progress.processed++;
        const result = checker.check(item, index);
        if ('record' in result) batch.push(result.record);
        else {
          progress.refusedCount++;
          if (progress.refused.length < MAX_REFUSED_LISTED) progress.refused.push(result.refused);
        }
        if (batch.length >= (this.options.batchSize ?? 250)) await flush();
      }
      await flush();
      progress.state = 'done';
    } catch (error) {
      progress.state = 'failed';
      progress.error = signal.aborted ? messageOf(signal.reason ?? error) : messageOf(error);
    } finally {
      clearInterval(heartbeat);
      clearTimeout(deadline);
    }
    await save().catch((error: unknown) => console.error(`catalog: import ${id} could not record its end: ${messageOf(error)}`));
  }

  private async *items(source: ImportSource, progress: ImportProgress, signal: AbortSignal): AsyncGenerator<unknown> {
    if (source.kind === 'file') {
      progress.total = source.records.length;
      yield* source.records;
      return;
    }
    const onTotal = (total: number) => (progress.total ??= total);
    for await (const page of pagesOfUrl(source.url, { limits: this.options.limits, signal, onTotal, fetch: this.sources.fetch })) yield* page;
  }
}
