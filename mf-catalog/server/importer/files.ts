// Products read from a file as a stream, so a catalogue of a million products never has to fit in
// memory: a JSON array, DummyJSON's envelope {"products": [...]}, or CSV with a header row. The
// parsers are stream-json and csv-parse (decision 0021); they are meant for files a shop owns.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse as parseCsv } from 'csv-parse';
import chain from 'stream-chain';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { fromCsvRow } from './dummyjson.ts';

export type FileFormat = 'json' | 'csv';

/** The format a file's name says, JSON unless it ends in .csv. */
export function formatOf(path: string): FileFormat {
  return /\.csv$/i.test(path) ? 'csv' : 'json';
}

/** The first character that is not white space (or a byte-order mark): '[' or '{' for JSON. */
async function firstCharacter(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4096), 0, 4096, 0);
    return /[^\s\uFEFF]/.exec(buffer.subarray(0, bytesRead).toString('utf8'))?.[0] ?? '';
  } finally {
    await file.close();
  }
}

/** Each product record of the file, in order, in DummyJSON's shape (CSV rows converted). */
export async function* recordsOfFile(path: string, format: FileFormat = formatOf(path)): AsyncGenerator<unknown> {
  if (format === 'csv') {
    const rows = createReadStream(path).pipe(parseCsv({ columns: true, bom: true, skip_empty_lines: true, relax_column_count: false }));
    for await (const row of rows) yield fromCsvRow(row as Record<string, string>);
    return;
  }
  const first = await firstCharacter(path);
  if (first !== '[' && first !== '{') throw new Error(`${path} is neither {"products": [...]} nor an array of products`);
  const pipeline = chain([createReadStream(path), parser(), ...(first === '{' ? [pick({ filter: 'products' })] : []), streamArray()]);
  let any = false;
  for await (const { value } of pipeline as AsyncIterable<{ value: unknown }>) {
    any = true;
    yield value;
  }
  // An envelope without "products" streams nothing, like an empty array: importing nothing is a mistake to report.
  if (!any) throw new Error(`${path} holds no products: expected {"products": [...]} or an array of products`);
}
