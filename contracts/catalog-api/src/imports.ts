// Staff imports: POST /products/imports (a file of products, or {url} of a DummyJSON-compatible API)
// starts a job, GET /products/imports/{id} reads its progress.
import { z } from 'zod';
import { IMPORT_STATES } from './vocabulary.ts';

/** An import from an address. */
export const importFromUrl = z.strictObject({ url: z.string().trim().min(1).max(2000) }, { error: 'send {"url": "https://…"} to import from an address' });

/** What POST /products/imports takes as application/json (files also go as application/x-ndjson or text/csv). */
export const importRequest = z.union([
  z.strictObject({ url: z.string().describe('A DummyJSON-compatible http(s) address, read page by page with limit and skip') }),
  z.array(z.unknown()).describe("Products in DummyJSON's shape"),
  z.object({ products: z.array(z.unknown()) }).describe("DummyJSON's envelope"),
]);

export const importId = z.object({ id: z.uuid({ error: 'an import id is a UUID' }) });

/** 202: the job is recorded and running. */
export const importStarted = z.object({ id: z.string(), state: z.literal('running') });

const count = z.number().int().min(0);

export const refusedRecord = z.object({
  index: count.describe('Position of the record in the source, from 0'),
  id: z.union([z.number(), z.string()]).optional().describe("The record's id, when it had one"),
  reason: z.string(),
});

/** An import's progress and the records it refused. */
export const importJob = z.object({
  id: z.string(),
  state: z.enum(IMPORT_STATES),
  source: z.string().describe('The URL, or the kind of file sent'),
  createdBy: z.string().describe('The staff member (e-mail) or "catalogue-admin token"'),
  total: count.nullable().describe('Records in the source once known (a file at once, a URL with its first page)'),
  processed: count,
  accepted: count,
  refusedCount: count,
  refused: z.array(refusedRecord).describe('The first 1,000 refused records'),
  error: z.string().nullable().describe('Why a failed import stopped'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type ImportStarted = z.output<typeof importStarted>;
export type RefusedRecord = z.output<typeof refusedRecord>;
export type ImportJob = z.output<typeof importJob>;
