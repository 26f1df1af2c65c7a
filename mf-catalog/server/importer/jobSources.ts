// What an import job reads: a file sent with the request (JSON, NDJSON or CSV, the import command's
// formats plus one record per line) or a DummyJSON-compatible URL, each within the job's limits.
import { parse as parseCsv } from 'csv-parse/sync';
import createError from 'http-errors';
import { fromCsvRow, pagesFrom } from './dummyjson.ts';
import { RefusedSource, type SourcePolicy } from './sourceAddresses.ts';

export type FileKind = 'json' | 'ndjson' | 'csv';

/** A line of an NDJSON file that is not JSON: refused on its own, like a record that does not validate. */
export class UnreadableRecord {
  readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}

/** Requests this catalogue makes to a source carry it; the catalogue refuses any request that does (a loop). */
export const IMPORT_MARKER = 'x-catalogue-import';

export interface ImportLimits {
  maxBytes: number;
  maxRecords: number;
}

const tooMany = (count: number, limits: ImportLimits) =>
  createError(413, `The file holds ${count} records; one import takes at most ${limits.maxRecords} (IMPORT_MAX_RECORDS): split it`);

/** The records of a JSON file: an array of products or DummyJSON's envelope {"products": [...]}. */
function jsonRecords(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const products = typeof value === 'object' && value !== null ? (value as { products?: unknown }).products : undefined;
  if (Array.isArray(products)) return products;
  throw createError(400, 'The file is neither {"products": [...]} nor an array of products');
}

function ndjsonRecords(text: string): unknown[] {
  const records: unknown[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      records.push(new UnreadableRecord(`line ${i + 1} is not JSON`));
    }
  }
  return records;
}

/** The records of a file sent to POST /products/imports, or a 400/413 that says what is wrong with it. */
export function recordsOfFile(body: unknown, kind: FileKind, limits: ImportLimits): unknown[] {
  let records: unknown[];
  if (kind === 'json') records = jsonRecords(body);
  else if (typeof body !== 'string') throw createError(400, `The ${kind.toUpperCase()} file must be sent as text`);
  else if (kind === 'ndjson') records = ndjsonRecords(body);
  else {
    try {
      records = (parseCsv(body, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[]).map(fromCsvRow);
    } catch (error) {
      throw createError(400, `The CSV file cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (records.length === 0) throw createError(400, 'The file holds no products');
  if (records.length > limits.maxRecords) throw tooMany(records.length, limits);
  return records;
}

/**
 * A DummyJSON-compatible address an import may read: http(s), not this catalogue itself (its own
 * addresses are `own`; any other way round is stopped by IMPORT_MARKER), and not a non-public IP
 * address unless `sources` allows its origin (a host name is judged when the job connects to it).
 * Throws a 400 otherwise.
 */
export function importUrl(raw: string, own: readonly string[], sources: SourcePolicy): URL {
  if (!URL.canParse(raw)) throw createError(400, `'${raw.slice(0, 200)}' is not a URL`);
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw createError(400, 'Only http(s) addresses can be imported');
  if (url.username || url.password) throw createError(400, 'The address must not carry a user name or password');
  if (own.some((origin) => URL.canParse(origin) && new URL(origin).origin === url.origin)) {
    throw createError(400, 'That address is this shop itself: its products are already in the catalogue');
  }
  try {
    sources.checkLiteral(url);
  } catch (error) {
    throw error instanceof RefusedSource ? createError(400, error.message) : error;
  }
  return url;
}

/** The body of a response, up to maxBytes; a longer one is refused rather than held. */
async function limitedText(response: Response, maxBytes: number, url: string): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`${url} answered more than ${maxBytes} bytes in one page (IMPORT_MAX_BYTES)`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface UrlPagesOptions {
  limits: ImportLimits;
  signal: AbortSignal;
  /** Told the source's total when a page names it. */
  onTotal: (total: number) => void;
  /** Longest wait for one page. */
  pageTimeoutMs?: number;
  /** Reads one address (sourceFetch.ts: public addresses and IMPORT_ALLOWED_ORIGINS only, redirects judged hop by hop). */
  fetch: typeof fetch;
}

/** The pages of products of a DummyJSON-compatible URL, each fetched within the time and size limits. */
export function pagesOfUrl(url: URL, options: UrlPagesOptions): AsyncGenerator<unknown[]> {
  const fetchImpl = options.fetch;
  const guarded = async (input: URL | RequestInfo, init?: RequestInit): Promise<Response> => {
    const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.pageTimeoutMs ?? 15_000)]);
    const response = await fetchImpl(input, { ...init, signal, headers: { ...init?.headers, [IMPORT_MARKER]: '1' } });
    const where = String(input);
    if (response.status === 508) throw new Error(`${where} is this catalogue itself`);
    if (!response.ok) throw new Error(`${where} answered ${response.status}`);
    const text = await limitedText(response, options.limits.maxBytes, where);
    let total: unknown;
    try {
      total = (JSON.parse(text) as { total?: unknown } | null)?.total;
    } catch {
      throw new Error(`${where} did not answer JSON`);
    }
    if (typeof total === 'number' && Number.isSafeInteger(total) && total >= 0) options.onTotal(total);
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return pagesFrom(url.href, guarded as typeof fetch);
}
