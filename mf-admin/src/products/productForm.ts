/**
 * The product form's rules: the catalogue contract's limits, colours and category shape
 * (catalog-api/vocabulary), so a person learns what is wrong beside the field before anything is
 * sent; the server checks again and its refusal is shown as it says it.
 */
import type { ProductDetail } from '../api/catalogApi.ts';
import type { ProductInput } from 'catalog-api/products';
import { CATEGORY_SLUG, COLOR_NAMES, PRODUCT_LIMITS as LIMITS, type ColorName } from 'catalog-api/vocabulary';
import type { MessageKey } from '../i18n/messages.ts';

export { COLOR_NAMES as COLORS, PRODUCT_LIMITS as LIMITS } from 'catalog-api/vocabulary';

/** Every field the form edits (pictures are the catalogue's own or an import's), as the catalogue takes them. */
export type FormInput = Required<Omit<ProductInput, 'thumbnail' | 'images'>>;

const isColor = (value: string): value is ColorName => (COLOR_NAMES as readonly string[]).includes(value);

/** The form as typed: every field is text until it is checked. */
export interface ProductDraft {
  title: string;
  description: string;
  category: string;
  brand: string;
  color: string;
  sku: string;
  price: string;
  discountPercentage: string;
  rating: string;
  stock: string;
  tags: string;
}

export type DraftField = keyof ProductDraft;

export interface FieldError {
  key: MessageKey;
  values?: Record<string, string | number>;
}

export type DraftErrors = Partial<Record<DraftField, FieldError>>;

export const EMPTY_DRAFT: ProductDraft = {
  title: '',
  description: '',
  category: '',
  brand: '',
  color: '',
  sku: '',
  price: '',
  discountPercentage: '0',
  rating: '0',
  stock: '0',
  tags: '',
};

/** Cents as a person types a price: 2499 -> "24.99". */
export const priceText = (cents: number): string => (cents / 100).toFixed(2);

export function draftOf(product: ProductDetail): ProductDraft {
  return {
    title: product.title,
    description: product.description,
    category: product.category,
    brand: product.brand ?? '',
    color: product.color ?? '',
    sku: product.sku,
    price: priceText(product.priceCents),
    discountPercentage: String(product.discountPercentage),
    rating: String(product.rating),
    stock: String(product.stock),
    tags: product.tags.join(', '),
  };
}

/** A decimal as people type it ("12", "12.5", "12,50"); null when it is not one. */
export function parseDecimal(text: string): number | null {
  const normal = text.trim().replace(',', '.');
  return /^\d{1,12}(\.\d+)?$/.test(normal) ? Number(normal) : null;
}

/** Dollars with at most two decimals within the catalogue's range, or why not. */
export function checkPrice(text: string): { dollars: number } | { error: FieldError } {
  const value = parseDecimal(text);
  if (value === null) return { error: { key: 'form.error.number' } };
  if (!/^\d+([.,]\d{1,2})?$/.test(text.trim())) return { error: { key: 'form.error.cents' } };
  if (value > LIMITS.price) return { error: { key: 'form.error.max', values: { max: LIMITS.price } } };
  return { dollars: value };
}

/** Units on hand, a whole number within the catalogue's range, or why not. */
export function checkStock(text: string): { units: number } | { error: FieldError } {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return { error: { key: 'form.error.whole' } };
  const units = Number(trimmed);
  if (units > LIMITS.stock) return { error: { key: 'form.error.max', values: { max: LIMITS.stock } } };
  return { units };
}

function checkRange(text: string, max: number): number | FieldError {
  const value = parseDecimal(text);
  if (value === null) return { key: 'form.error.number' };
  return value > max ? { key: 'form.error.max', values: { max } } : value;
}

const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

function checkTexts(draft: ProductDraft, errors: DraftErrors): void {
  const long = (field: DraftField, max: number) => {
    if (draft[field].trim().length > max) errors[field] = { key: 'form.error.long', values: { max } };
  };
  if (!draft.title.trim()) errors.title = { key: 'form.error.required' };
  long('title', LIMITS.title);
  long('description', LIMITS.description);
  long('brand', LIMITS.brand);
  long('sku', LIMITS.sku);
  const category = draft.category.trim();
  if (!category) errors.category = { key: 'form.error.required' };
  else if (!CATEGORY_SLUG.test(category) || category.length > LIMITS.category) errors.category = { key: 'form.error.slug' };
  if (draft.color && !isColor(draft.color)) errors.color = { key: 'form.error.color' };
  const tags = tagsOf(draft.tags);
  if (tags.length > LIMITS.tags) errors.tags = { key: 'form.error.tags', values: { max: LIMITS.tags } };
  else if (tags.some((tag) => tag.length > LIMITS.tag)) errors.tags = { key: 'form.error.long', values: { max: LIMITS.tag } };
}

/** The product the draft describes, or an error per field that is wrong. */
export function checkDraft(draft: ProductDraft): { input: FormInput } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  checkTexts(draft, errors);
  const price = checkPrice(draft.price);
  if ('error' in price) errors.price = price.error;
  const stock = checkStock(draft.stock);
  if ('error' in stock) errors.stock = stock.error;
  const discount = checkRange(draft.discountPercentage, LIMITS.discountPercentage);
  if (typeof discount !== 'number') errors.discountPercentage = discount;
  const rating = checkRange(draft.rating, LIMITS.rating);
  if (typeof rating !== 'number') errors.rating = rating;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: {
      title: draft.title.trim(),
      description: draft.description.trim(),
      category: draft.category.trim(),
      brand: draft.brand.trim() || null,
      color: isColor(draft.color) ? draft.color : null,
      sku: draft.sku.trim(),
      price: (price as { dollars: number }).dollars,
      discountPercentage: discount as number,
      rating: rating as number,
      stock: (stock as { units: number }).units,
      tags: tagsOf(draft.tags),
    },
  };
}

const FIELD_OF: Record<keyof FormInput, DraftField> = {
  title: 'title',
  description: 'description',
  category: 'category',
  brand: 'brand',
  color: 'color',
  sku: 'sku',
  price: 'price',
  discountPercentage: 'discountPercentage',
  rating: 'rating',
  stock: 'stock',
  tags: 'tags',
};

/**
 * What an edit sends: only the fields the person changed. Stock left alone is not sent, so units
 * that checkouts took while the form was open are not written back over.
 */
export function changedInput(original: ProductDraft, draft: ProductDraft, input: FormInput): ProductInput {
  const change: ProductInput = {};
  for (const [name, field] of Object.entries(FIELD_OF) as [keyof FormInput, DraftField][]) {
    if (original[field].trim() !== draft[field].trim()) Object.assign(change, { [name]: input[name] });
  }
  return change;
}

/** A new product without a SKU gets the catalogue's own; an empty one would be refused. */
export function newProductInput(input: FormInput): ProductInput {
  const { sku, ...rest } = input;
  return sku ? input : rest;
}
