// What differs between SQLite and PostgreSQL for the catalogue's own questions (decision 0045): the
// substring index behind text search (FTS5's trigrams, pg_trgm on a lower-cased copy), how titles
// sort, how a column is hidden from the planner, and how a batch of products travels as one
// parameter per statement. service-kit's Engine holds what every store shares (locks, lists of ids).
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ProductRecord } from '../products/model.ts';
import { PRODUCT_COLUMNS, recordValues } from './rows.ts';

export type ColumnType = 'number' | 'text' | 'time';

/** Where the ids of the products whose title or description contains a text are found, in id order. */
export interface TextIndex {
  /** The index's table and its id column: constants of the engine, never user text. */
  table: string;
  id: string;
  matches: RawBuilder<SqlBool>;
}

export interface CatalogEngine {
  /** The search index's matches of `q`, or null when it cannot answer `q` and the products are scanned instead. */
  textIndex(q: string): TextIndex | null;
  /** The expression titles sort by (case-insensitive, byte order otherwise). */
  titleSortKey: RawBuilder<string>;
  /** The column as an expression no index serves, so the planner cannot pick that index for it. */
  unindexed(column: string, type: ColumnType): RawBuilder<unknown>;
  /**
   * Whether the store should pick the page plan (PagePlan) from its exact counts. SQLite's planner
   * cannot see how filters correlate and needs that; PostgreSQL's statistics choose as well, and its
   * expressions cost a computation per row that the walk would pay.
   */
  guidedPlans: boolean;
  /** A batch of products as the rows of a SELECT, in PRODUCT_COLUMNS order, one parameter per column or per batch. */
  productRows(records: readonly ProductRecord[]): RawBuilder<unknown>;
}

/** Escapes LIKE wildcards so user text matches literally (used with ESCAPE '\'). */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// FTS5's trigram tokenizer cannot match fewer than 3 characters, so short queries scan with LIKE.
const usesTrigrams = (q: string): boolean => [...q].length >= 3;

/** A quoted FTS5 phrase: with trigrams, consecutive trigrams of the text, i.e. a substring match. */
const ftsPhrase = (q: string): string => `"${q.replace(/"/g, '""')}"`;

export const sqliteCatalog: CatalogEngine = {
  // The search index yields its matches in id order, so a page of them stops after the page.
  textIndex: (q) => (usesTrigrams(q) ? { table: 'products_fts', id: 'rowid', matches: sql<SqlBool>`products_fts MATCH ${ftsPhrase(q)}` } : null),
  titleSortKey: sql<string>`title COLLATE NOCASE`,
  unindexed: (column) => sql`+${sql.ref(column)}`,
  guidedPlans: true,
  // The batch as one JSON array of rows: SQLite reads it in C, no statement per product.
  productRows: (records) =>
    sql`SELECT ${sql.join(
      PRODUCT_COLUMNS.map((_, i) => sql`value ->> ${sql.lit(i)}`),
      sql`, `,
    )} FROM json_each(${JSON.stringify(records.map(recordValues))}) WHERE true`,
};

const POSTGRES_COLUMN_TYPES = [
  'int',
  'text',
  'text',
  'text',
  'text',
  'text',
  'int',
  'float8',
  'float8',
  'int',
  'text',
  'text',
  'text',
  'text',
  'timestamptz',
  'timestamptz',
];

/** Each column of a batch as one array, which beats multi-row VALUES lists. */
function columnArrays(records: readonly ProductRecord[]): unknown[][] {
  const arrays: unknown[][] = POSTGRES_COLUMN_TYPES.map(() => []);
  for (const record of records) recordValues(record).forEach((value, i) => arrays[i]!.push(value));
  return arrays;
}

export const postgresCatalog: CatalogEngine = {
  // product_search holds the texts lower-cased; its trigram indexes serve LIKE '%q%' for 3+ characters.
  textIndex: (q) => {
    const pattern = likePattern(q);
    return {
      table: 'product_search',
      id: 'id',
      matches: sql<SqlBool>`(title LIKE lower(${pattern}) ESCAPE '\\' OR description LIKE lower(${pattern}) ESCAPE '\\')`,
    };
  },
  titleSortKey: sql<string>`lower(title) COLLATE "C"`,
  unindexed: (column, type) =>
    ({ number: sql`(${sql.ref(column)} + 0)`, text: sql`(${sql.ref(column)} || '')`, time: sql`(${sql.ref(column)} + interval '0 s')` })[type],
  guidedPlans: false,
  productRows: (records) =>
    sql`SELECT * FROM unnest(${sql.join(
      columnArrays(records).map((values, i) => sql`${values}::${sql.raw(POSTGRES_COLUMN_TYPES[i]!)}[]`),
      sql`, `,
    )})`,
};
