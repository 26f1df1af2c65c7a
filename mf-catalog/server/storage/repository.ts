import type { ListQuery, ProductCard, ProductFilter, ProductRecord } from '../products/model.ts';

/** Raw facet counts; products/facets.ts turns them into the public shape. */
export interface FacetCounts {
  categories: Map<string, number>;
  brands: Map<string, number>;
  colors: Map<string, number>;
  /** One count per entry of PRICE_RANGES, in order. */
  priceRanges: number[];
}

/**
 * Told after products change, through this store or (on PostgreSQL) another instance: the ids whose
 * data changed, or null when any product may have changed (bulk load, clear); `kind` is 'stock' when
 * only their stock changed (listings stay as they were: none filters or sorts by stock) and 'data'
 * otherwise. Caches of product data listen to it.
 */
export type ProductChangeListener = (ids: readonly number[] | null, kind: 'stock' | 'data') => void;

/** The ids of the page a listing shows, in order, and how many products match its filter. */
export interface ListedIds {
  ids: number[];
  total: number;
  /**
   * Set when counting stopped at `total` and more products match: filters the facet cube cannot
   * answer (text search, prices off the shop's ranges) are counted only up to a bound past the page.
   */
  totalIsLowerBound?: true;
}

export interface ProductRepository {
  listProducts(query: ListQuery): Promise<{ rows: ProductRecord[]; total: number }>;
  listProductIds(query: ListQuery): Promise<ListedIds>;
  getProduct(id: number): Promise<ProductRecord | null>;
  /** The products with these ids that exist, in any order. */
  getProducts(ids: readonly number[]): Promise<ProductRecord[]>;
  /** The same as cards: only what a product card shows. */
  getProductCards(ids: readonly number[]): Promise<ProductCard[]>;
  /** Registers a listener for product changes (see ProductChangeListener). */
  onProductsChanged(listener: ProductChangeListener): void;
  facetCounts(filter: ProductFilter): Promise<FacetCounts>;
  countProducts(): Promise<number>;
  /** Up to `limit` products with ids above `afterId`, in id order: the whole catalogue read page by page (the search index). */
  scanProducts(afterId: number, limit: number): Promise<ProductRecord[]>;
  /** Ids and last changes of the products in id order, `limit` of them from `offset` (the sitemaps). */
  sitemapEntries(offset: number, limit: number): Promise<{ id: number; updatedAt: string }[]>;
  /** Inserts or replaces (by id) the given products in one transaction. */
  upsertProducts(records: readonly ProductRecord[]): Promise<void>;
  /**
   * Adds a product under the next free id (one more than the highest), built by `build` for that id,
   * and answers it as stored.
   */
  createProduct(build: (id: number) => ProductRecord): Promise<ProductRecord>;
  /**
   * Replaces one product with what `change` makes of it as stored now, in one transaction, so stock
   * taken by a reservation meanwhile is not lost. Null when there is no such product.
   */
  updateProduct(id: number, change: (current: ProductRecord) => ProductRecord): Promise<ProductRecord | null>;
  /** Deletes one product and answers it as it was; null when there was none. Reservations of it stay readable. */
  deleteProduct(id: number): Promise<ProductRecord | null>;
  /**
   * Inserts or replaces (by id) products from a source that counts stock on hand; what open checkouts
   * hold of each is taken off its stock, so no unit is sold twice (the import command).
   */
  importProducts(records: readonly ProductRecord[]): Promise<void>;
  /** Deletes every product whose id is not in `keep` (an import with --replace); answers how many. */
  deleteProductsExcept(keep: ReadonlySet<number>): Promise<number>;
  /** Deletes every product. */
  clearProducts(): Promise<void>;
  /**
   * Replaces the whole catalogue with the given batches, building indexes once at the end,
   * which is what makes million-row loads take seconds rather than minutes. Returns the row count.
   */
  bulkLoad(batches: AsyncIterable<readonly ProductRecord[]>): Promise<number>;
}

export interface StockLine {
  productId: number;
  quantity: number;
}

export interface ReservationLine extends StockLine {
  title: string;
  /** As stored (relative to the public image base), like ProductRecord.thumbnail. */
  thumbnail: string;
  priceCents: number;
}

export type ReservationStatus = 'reserved' | 'committed' | 'released';

export interface Reservation {
  orderId: string;
  status: ReservationStatus;
  lines: ReservationLine[];
}

export type ReserveOutcome =
  | { kind: 'created' | 'existing'; reservation: Reservation }
  | { kind: 'unknown-product'; productId: number }
  | { kind: 'short'; productId: number; title: string; requested: number; available: number };

export type TransitionOutcome = { kind: 'ok'; reservation: Reservation } | { kind: 'not-found' } | { kind: 'conflict'; reservation: Reservation };

export type ReturnOutcome = { kind: 'returned' | 'existing'; lines: StockLine[] } | { kind: 'not-found' } | { kind: 'conflict'; message: string };

export interface StockRepository {
  /** Takes stock for every line or for none; an orderId seen before answers its existing reservation. */
  reserve(orderId: string, lines: readonly StockLine[]): Promise<ReserveOutcome>;
  /** reserved -> committed; committed stays committed; released is a conflict. */
  commit(orderId: string): Promise<TransitionOutcome>;
  /** reserved -> released with the stock given back; committed and released stay as they are. */
  release(orderId: string): Promise<TransitionOutcome>;
  /**
   * Units of a committed reservation back into stock (a refunded, returned or cancelled order),
   * once per returnId: a repeat answers the first return's lines. Never more of a product than the
   * reservation took minus what earlier returns gave back (conflict).
   */
  returnStock(orderId: string, returnId: string, lines: readonly StockLine[]): Promise<ReturnOutcome>;
}

export type ImportState = 'running' | 'done' | 'failed';

/** A source record an import did not take, and why. */
export interface RefusedRecord {
  /** Its position in the source, from 0. */
  index: number;
  id?: string | number;
  reason: string;
}

/** How far an import job is (POST /products/imports), as every instance reads it from the database. */
export interface ImportProgress {
  state: ImportState;
  /** Records in the source, once known (a file at once, a URL with its first page). */
  total: number | null;
  processed: number;
  accepted: number;
  refusedCount: number;
  /** The first refused records (the list is capped; refusedCount counts them all). */
  refused: RefusedRecord[];
  /** Why a failed job stopped. */
  error: string | null;
}

export interface ImportJob extends ImportProgress {
  id: string;
  /** What was imported: a file's description or the URL. */
  source: string;
  /** Who started it: a staff member's e-mail or uid, or the admin token. */
  createdBy: string;
  createdAt: string;
  /** The last progress written: a running job whose instance stopped writing is reported failed. */
  updatedAt: string;
}

export interface ImportJobRepository {
  createImportJob(job: Pick<ImportJob, 'id' | 'source' | 'createdBy' | 'createdAt'>): Promise<void>;
  /** Writes progress, only while the job is running (a job once finished stays as it finished); false when it was not. */
  updateImportJob(id: string, progress: ImportProgress, now: string): Promise<boolean>;
  getImportJob(id: string): Promise<ImportJob | null>;
}

export interface CatalogStore extends ProductRepository, StockRepository, ImportJobRepository {
  /** Starts building what speeds up counting (the facet cube) in the background; the service calls it once it is up. */
  warmUp(): void;
  /**
   * Whether the store can serve: its database answers, the schema is in place and it holds a
   * catalogue. Resolves a reason when it cannot (for readiness probes); cheap at any size.
   */
  readiness(): Promise<{ ready: true } | { ready: false; reason: string }>;
  /** A short human description for the start-up log line, e.g. "sqlite /path/catalog.db". */
  readonly description: string;
  close(): Promise<void>;
}
