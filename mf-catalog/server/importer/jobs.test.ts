// The job runner with an in-memory store: a job whose instance went away reads as failed, a graceful
// stop records the jobs in flight as failed with what they had done, and a source past the record
// limit stops with the limit named.
import type { ImportJob, ImportProgress } from '../storage/repository.ts';
import { ImportJobs } from './jobs.ts';

function memoryStore() {
  const jobs = new Map<string, ImportJob>();
  const written: number[][] = [];
  return {
    jobs,
    written,
    async importProducts(records: readonly { id: number }[]) {
      written.push(records.map((record) => record.id));
    },
    async createImportJob(job: Pick<ImportJob, 'id' | 'source' | 'createdBy' | 'createdAt'>) {
      const empty = { state: 'running', total: null, processed: 0, accepted: 0, refusedCount: 0, refused: [], error: null } as const;
      jobs.set(job.id, { ...job, ...empty, refused: [], updatedAt: job.createdAt });
    },
    async updateImportJob(id: string, progress: ImportProgress, now: string) {
      const job = jobs.get(id);
      if (!job || job.state !== 'running') return false;
      jobs.set(id, { ...job, ...progress, refused: [...progress.refused], updatedAt: now });
      return true;
    },
    async getImportJob(id: string) {
      return jobs.get(id) ?? null;
    },
  };
}

const product = (id: number) => ({ id, title: `Lamp ${id}`, category: 'furniture', price: 10, thumbnail: 'x.png' });

describe('import jobs', () => {
  it('report a running job that nobody has written for a minute as failed: its instance went away', async () => {
    const store = memoryStore();
    let now = new Date('2026-11-27T04:00:00.000Z');
    const jobs = new ImportJobs({ store, limits: { maxBytes: 1000, maxRecords: 10 }, now: () => now });
    store.jobs.set('elsewhere', { ...(await seed(store)), id: 'elsewhere', updatedAt: '2026-11-27T03:59:30.000Z' });
    expect(await jobs.get('elsewhere')).toMatchObject({ state: 'running' });
    now = new Date('2026-11-27T04:01:00.000Z');
    expect(await jobs.get('elsewhere')).toMatchObject({ state: 'failed', error: expect.stringMatching(/instance running it went away/) });
  });

  it('record the jobs in flight as failed on a graceful stop, with what they had done', async () => {
    const store = memoryStore();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A URL source whose second page never comes until the stop.
    const fetchImpl = (async (input: URL | RequestInfo) => {
      if (new URL(String(input)).searchParams.get('skip') !== '0') await held;
      return new Response(JSON.stringify({ products: [product(1), product(2)], total: 4 }), { status: 200 });
    }) as typeof fetch;
    const jobs = new ImportJobs({ store, limits: { maxBytes: 10_000, maxRecords: 10 }, fetch: fetchImpl, batchSize: 2 });
    const id = await jobs.start({ kind: 'url', url: new URL('http://source.example/products?limit=2') }, 'sam@shop.example');
    await until(() => store.jobs.get(id)?.accepted === 2);
    const closing = jobs.close();
    release();
    await closing;
    expect(store.jobs.get(id)).toMatchObject({ state: 'failed', accepted: 2, total: 4, error: expect.stringMatching(/shut down/) });
  });

  it('stop a source past the record limit, naming it', async () => {
    const store = memoryStore();
    const jobs = new ImportJobs({ store, limits: { maxBytes: 10_000, maxRecords: 2 }, batchSize: 1 });
    const id = await jobs.start({ kind: 'file', description: 'JSON file', records: [product(1), product(2), product(3)] }, 'admin');
    await until(() => store.jobs.get(id)?.state !== 'running');
    expect(store.jobs.get(id)).toMatchObject({ state: 'failed', accepted: 2, error: expect.stringMatching(/more than 2 records \(IMPORT_MAX_RECORDS\)/) });
  });
});

async function seed(store: ReturnType<typeof memoryStore>): Promise<ImportJob> {
  await store.createImportJob({ id: 'seed', source: 'JSON file', createdBy: 'admin', createdAt: '2026-11-27T03:59:30.000Z' });
  return store.jobs.get('seed')!;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}
