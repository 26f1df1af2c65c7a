import { z } from 'zod';

export interface StockRequestLine {
  /** The catalogue's product id (a positive integer, as in DummyJSON). */
  productId: number;
  quantity: number;
}

/** A reserved line with the catalogue's authoritative price: the only price checkout ever charges. */
export interface PricedLine {
  productId: string;
  title: string;
  quantity: number;
  priceCents: number;
}

export type ReserveResult =
  { kind: 'reserved'; lines: PricedLine[] } | { kind: 'out_of_stock'; message: string } | { kind: 'unknown_product'; message: string };

/** The catalogue could not be reached or answered nonsense; the operation may be retried later. */
export class CatalogUnavailableError extends Error {}

/** The catalogue refused a commit for good (e.g. the reservation is gone); retrying will not help. */
export class CatalogRejectedError extends Error {}

/** The stock API of docs/architecture.md plus the public price lookup, as checkout needs them. */
export interface CatalogClient {
  reserve(orderId: string, lines: StockRequestLine[]): Promise<ReserveResult>;
  commit(orderId: string): Promise<void>;
  /** Succeeds when the stock is back or was never taken (unknown reservation). */
  release(orderId: string): Promise<void>;
  /**
   * Puts returned units of a committed order back into stock, once per returnId (a repeat answers
   * like the first). CatalogRejectedError when the catalogue refuses for good (more than was sold).
   */
  returnStock(orderId: string, returnId: string, lines: StockRequestLine[]): Promise<void>;
  /** Current prices for a coupon preview; unknown ids come back as missing from the map. */
  prices(ids: number[]): Promise<Map<string, { title: string; priceCents: number }>>;
}

const reservationSchema = z.object({
  orderId: z.string(),
  lines: z.array(
    z.object({
      productId: z.union([z.number(), z.string()]),
      quantity: z.number().int().positive(),
      title: z.string(),
      priceCents: z.number().int().nonnegative(),
    }),
  ),
});

const productSchema = z.object({ title: z.string(), price: z.number().nonnegative() });

const messageSchema = z.object({ message: z.string() });

/** The catalogue's 409 names the product and what is left; the shopper gets "Only N left of ...". */
const shortSchema = z.object({ productId: z.number(), available: z.number().int().nonnegative() });

interface Answer {
  status: number;
  body: unknown;
}

export function createCatalogClient(options: { baseUrl: string; internalToken: string; timeoutMs?: number }): CatalogClient {
  const timeoutMs = options.timeoutMs ?? 5000;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'x-internal-token': options.internalToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CatalogUnavailableError(`catalogue unreachable: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (response.status === 401 || response.status === 403) {
      throw new CatalogUnavailableError(`catalogue refused our x-internal-token (${response.status}): both services need the same INTERNAL_TOKEN`);
    }
    if (response.status >= 500) throw new CatalogUnavailableError(`catalogue answered ${response.status} to ${method} ${path}`);
    return { status: response.status, body: parsed };
  }

  function messageOf(body: unknown, fallback: string): string {
    const parsed = messageSchema.safeParse(body);
    return parsed.success ? parsed.data.message : fallback;
  }

  async function titleOf(productId: number): Promise<string | undefined> {
    const answer = await call('GET', `/products/${productId}?select=title`);
    const parsed = z.object({ title: z.string() }).safeParse(answer.body);
    return answer.status === 200 && parsed.success ? parsed.data.title : undefined;
  }

  async function shortMessage(body: unknown): Promise<string> {
    const fallback = messageOf(body, 'Not enough stock for your cart');
    const short = shortSchema.safeParse(body);
    if (!short.success) return fallback;
    const title = await titleOf(short.data.productId).catch(() => undefined);
    if (!title) return fallback;
    return short.data.available === 0 ? `${title} is out of stock` : `Only ${short.data.available} left of ${title}`;
  }

  return {
    async reserve(orderId, lines) {
      const answer = await call('POST', '/stock/reservations', { orderId, lines });
      if (answer.status === 409) return { kind: 'out_of_stock', message: await shortMessage(answer.body) };
      if (answer.status === 404) {
        return { kind: 'unknown_product', message: messageOf(answer.body, 'A product in your cart no longer exists') };
      }
      const parsed = reservationSchema.safeParse(answer.body);
      if (answer.status !== 200 && answer.status !== 201) {
        throw new CatalogUnavailableError(`catalogue answered ${answer.status} to a reservation`);
      }
      if (!parsed.success || parsed.data.orderId !== orderId) {
        throw new CatalogUnavailableError('catalogue answered a reservation with an unexpected body');
      }
      return {
        kind: 'reserved',
        lines: parsed.data.lines.map((line) => ({
          productId: String(line.productId),
          title: line.title,
          quantity: line.quantity,
          priceCents: line.priceCents,
        })),
      };
    },

    async commit(orderId) {
      const answer = await call('POST', `/stock/reservations/${encodeURIComponent(orderId)}/commit`);
      if (answer.status >= 400) {
        throw new CatalogRejectedError(messageOf(answer.body, `catalogue refused to commit (${answer.status})`));
      }
    },

    async release(orderId) {
      const answer = await call('POST', `/stock/reservations/${encodeURIComponent(orderId)}/release`);
      if (answer.status >= 400 && answer.status !== 404) {
        throw new CatalogRejectedError(messageOf(answer.body, `catalogue refused to release (${answer.status})`));
      }
    },

    async returnStock(orderId, returnId, lines) {
      const answer = await call('POST', `/stock/reservations/${encodeURIComponent(orderId)}/returns`, { returnId, lines });
      if (answer.status >= 400) {
        throw new CatalogRejectedError(messageOf(answer.body, `catalogue refused the return (${answer.status})`));
      }
    },

    async prices(ids) {
      // One request for the whole cart, whatever its size (the catalogue takes up to 100 ids).
      const found = new Map<string, { title: string; priceCents: number }>();
      const wanted = ids.filter((id) => /^[1-9]\d{0,9}$/.test(String(id)));
      if (wanted.length === 0) return found;
      const answer = await call('GET', `/products?ids=${wanted.join(',')}&select=title,price`);
      const parsed = z.object({ products: z.array(productSchema.extend({ id: z.number() })) }).safeParse(answer.body);
      if (answer.status !== 200 || !parsed.success) throw new CatalogUnavailableError(`catalogue answered ${answer.status} for a price lookup`);
      for (const product of parsed.data.products) found.set(String(product.id), { title: product.title, priceCents: Math.round(product.price * 100) });
      return found;
    },
  };
}
