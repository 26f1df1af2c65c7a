import * as v from 'valibot';

const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const id = count;
const title = v.pipe(v.string(), v.minLength(1));
const price = v.pipe(v.number(), v.minValue(0));
const stock = count;
/** A display field: a wrong or missing value becomes `neutral` instead of costing the product. */
const display = <T extends string | number>(schema: v.GenericSchema<T>, neutral: T) => v.optional(v.fallback(schema, neutral), neutral);

/**
 * A cart item as it travels on the bus and sits in `localStorage["cart"]`: the product's fields
 * (unknown ones kept, so the cart can show whatever the catalogue sent) plus `qun`.
 */
export const cartItemSchema = v.looseObject({
  id,
  title,
  price,
  thumbnail: v.string(),
  stock,
  brand: v.string(),
  discountPercentage: v.number(),
  qun: v.pipe(v.number(), v.safeInteger(), v.gtValue(0)),
});

export type CartItem = v.InferOutput<typeof cartItemSchema>;

/**
 * What `cart.add` accepts and what stored items are repaired with. Identity, price and stock decide
 * what the shopper pays and may buy, so they must be valid; the display fields are not worth losing
 * a product over (DummyJSON-compatible catalogues omit `brand` for some products), so they fall back
 * to neutral values.
 */
export const productSchema = v.looseObject({
  id,
  title,
  price,
  stock,
  thumbnail: display(v.string(), ''),
  brand: display(v.string(), ''),
  discountPercentage: display(v.number(), 0),
});

/** A product as the cart stores it: validated, display fields filled in. */
export type CartProduct = v.InferOutput<typeof productSchema>;

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
