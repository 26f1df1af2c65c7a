import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import createError from 'http-errors';
import { validationError } from '../http/errors.ts';
import { cartLines } from 'orders-api/checkout';
import { mergeLines } from '../orders/request.ts';
import { CatalogUnavailableError, type CatalogClient } from '../pricing/catalogClient.ts';
import type { CouponBook } from './coupons.ts';

const bodySchema = z.object(
  {
    code: z.string({ message: 'Enter a coupon code' }).trim().min(1, 'Enter a coupon code').max(32, 'Coupon code is too long'),
    lines: cartLines,
  },
  { message: 'The request body must be a JSON object' },
);

/** GET form: ?code=SAVE10&lines=12:2,7:1 (product id:quantity pairs). */
const querySchema = z.object({
  code: z.string().optional(),
  lines: z.string({ message: 'lines is required, e.g. lines=12:2,7:1' }).max(4000, 'lines is too long'),
});

function linesFromQuery(value: string): unknown[] {
  return value
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [id = '', qun = ''] = pair.split(':');
      return { id: /^\d+$/.test(id) ? Number(id) : id, qun: Number(qun) };
    });
}

/**
 * Coupon preview for the cart and checkout pages. Prices come from the catalogue, never the
 * client; the charged total is computed again, the same way, by /save-stripe-token.
 */
export function registerCouponRoutes(app: FastifyInstance, deps: { coupons: CouponBook; catalog: CatalogClient; limit?: object }): void {
  async function validate(input: unknown) {
    const parsed = bodySchema.safeParse(input);
    if (!parsed.success) throw validationError('coupon request', parsed.error);
    const lines = mergeLines(parsed.data.lines);
    let prices: Awaited<ReturnType<CatalogClient['prices']>>;
    try {
      prices = await deps.catalog.prices(lines.map((line) => line.productId));
    } catch (error) {
      if (!(error instanceof CatalogUnavailableError)) throw error;
      throw createError(503, 'Our catalogue is unavailable right now; please try again in a moment', { expose: true });
    }
    let subtotalCents = 0;
    for (const line of lines) {
      const price = prices.get(String(line.productId));
      if (!price) throw createError(404, `Product with id '${String(line.productId)}' not found`);
      subtotalCents += price.priceCents * line.quantity;
    }
    const result = deps.coupons.evaluate(parsed.data.code, subtotalCents);
    return { ...result, subtotalCents };
  }

  const config = deps.limit ?? {};
  app.post('/api/checkout/coupons/validate', { config }, async (request) => validate(request.body));

  app.get('/api/checkout/coupons/validate', { config }, async (request) => {
    const query = querySchema.safeParse(request.query);
    if (!query.success) throw validationError('coupon request', query.error);
    return validate({ code: query.data.code, lines: linesFromQuery(query.data.lines) });
  });
}
