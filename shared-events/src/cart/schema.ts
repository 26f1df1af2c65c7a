import { z } from 'zod/mini';

const id = z.int().check(z.nonnegative());
const title = z.string().check(z.minLength(1));
const price = z.number().check(z.nonnegative());
const stock = z.int().check(z.nonnegative());

/**
 * A cart item as it travels on the bus and sits in `localStorage["cart"]`: the product's fields
 * (unknown ones kept, so the cart can show whatever the catalogue sent) plus `qun`.
 */
export const cartItemSchema = z.looseObject({
  id,
  title,
  price,
  thumbnail: z.string(),
  stock,
  brand: z.string(),
  discountPercentage: z.number(),
  qun: z.int().check(z.positive()),
});

export type CartItem = z.output<typeof cartItemSchema>;

/**
 * What `cart.add` accepts and what stored items are repaired with. Identity, price and stock decide
 * what the shopper pays and may buy, so they must be valid; the display fields are not worth losing
 * a product over (DummyJSON-compatible catalogues omit `brand` for some products), so they fall back
 * to neutral values.
 */
export const productSchema = z.looseObject({
  id,
  title,
  price,
  stock,
  thumbnail: z.catch(z.string(), ''),
  brand: z.catch(z.string(), ''),
  discountPercentage: z.catch(z.number(), 0),
});

/** A product as the cart stores it: validated, display fields filled in. */
export type CartProduct = z.output<typeof productSchema>;

/** What callers may hand to `cart.add`: any catalogue product, extra fields welcome. */
export interface Product {
  readonly id: number;
  readonly title: string;
  readonly price: number;
  readonly stock: number;
  readonly thumbnail?: string;
  readonly brand?: string;
  readonly discountPercentage?: number;
}
