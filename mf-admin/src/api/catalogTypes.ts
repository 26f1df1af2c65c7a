/** A product as the back office lists it (the catalogue API's fields, price in cents). */
export interface ProductSummary {
  readonly id: number;
  readonly title: string;
  readonly category: string;
  readonly brand: string | null;
  readonly sku: string;
  readonly priceCents: number;
  readonly stock: number;
  readonly thumbnail: string;
}

export interface ProductDetail extends ProductSummary {
  readonly description: string;
  readonly color: string | null;
  readonly discountPercentage: number;
  readonly rating: number;
  readonly tags: readonly string[];
}

export interface ProductPage {
  readonly products: readonly ProductSummary[];
  readonly total: number;
  readonly skip: number;
}

/** What the catalogue takes to add or change a product (DummyJSON's request shape: price in dollars). */
export interface ProductInput {
  title?: string;
  description?: string;
  category?: string;
  brand?: string | null;
  color?: string | null;
  sku?: string;
  price?: number;
  discountPercentage?: number;
  rating?: number;
  stock?: number;
  tags?: string[];
}

export interface RefusedRecord {
  readonly index: number;
  readonly id?: string | number;
  readonly reason: string;
}

export interface ImportJob {
  readonly id: string;
  readonly state: 'running' | 'done' | 'failed';
  readonly source: string;
  readonly total: number | null;
  readonly processed: number;
  readonly accepted: number;
  readonly refusedCount: number;
  readonly refused: readonly RefusedRecord[];
  readonly error: string | null;
}

/** A file to import as it goes over the wire, or a URL for the catalogue to read. */
export type ImportRequest = { kind: 'file'; contentType: string; text: string } | { kind: 'url'; url: string };
