import type { ColumnType } from 'kysely';
import type { ImportState, ReservationStatus } from './repository.ts';

/**
 * The catalogue's tables as both engines hold them (migrations/), for Kysely: each column typed as
 * written and as either driver reads it back. JSON lists are text on both engines.
 */

/** ISO text written; ISO text from SQLite, a Date from PostgreSQL's timestamptz. */
type Instant = ColumnType<string | Date, string, string>;
/** A column with a default, written or not. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface ProductsTable {
  id: number;
  title: string;
  description: string;
  category: string;
  brand: string | null;
  color: string | null;
  price_cents: number;
  discount: number;
  rating: number;
  stock: number;
  sku: string;
  tags: string;
  thumbnail: string;
  images: string;
  created_at: Instant;
  updated_at: Instant;
}

export interface StockReservationsTable {
  order_id: string;
  status: ReservationStatus;
  lines: string;
  created_at: Instant;
  updated_at: Instant;
}

/** Text instants on both engines (migration 0002). */
export interface ImportJobsTable {
  id: string;
  state: ImportState;
  source: string;
  created_by: string;
  total: Defaulted<number | null>;
  processed: Defaulted<number>;
  accepted: Defaulted<number>;
  refused_count: Defaulted<number>;
  refused: Defaulted<string>;
  error: Defaulted<string | null>;
  created_at: string;
  updated_at: string;
}

export interface CatalogDatabase {
  products: ProductsTable;
  stock_reservations: StockReservationsTable;
  import_jobs: ImportJobsTable;
}
