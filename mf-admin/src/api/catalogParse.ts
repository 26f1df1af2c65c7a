/**
 * Checks the catalogue API's answers before a screen uses them (as parse.ts does for the staff API):
 * a service deployed ahead of or behind this remote shows as one clear error, not a blank cell.
 */
import type { ImportJob, ProductDetail, ProductPage, ProductSummary, RefusedRecord } from './catalogTypes.ts';
import { UnexpectedAnswerError } from './parse.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isText = (value: unknown): value is string => typeof value === 'string';

function expect(condition: boolean, what: string): asserts condition {
  if (!condition) throw new UnexpectedAnswerError(what);
}

/** Dollars as the API sends them, in cents (0.1 + 0.2 must not become 30.000000000000004 cents). */
const centsOf = (dollars: number) => Math.round(dollars * 100);

function summary(value: unknown, where: string): ProductSummary {
  expect(isObject(value) && isCount(value.id) && isText(value.title), `${where} has no id or title`);
  expect(typeof value.price === 'number' && value.price >= 0 && isCount(value.stock), `${where} price or stock`);
  return {
    id: value.id,
    title: value.title,
    category: isText(value.category) ? value.category : '',
    brand: isText(value.brand) ? value.brand : null,
    sku: isText(value.sku) ? value.sku : '',
    priceCents: centsOf(value.price),
    stock: value.stock,
    thumbnail: isText(value.thumbnail) ? value.thumbnail : '',
  };
}

export function parseProductPage(body: unknown): ProductPage {
  expect(isObject(body) && Array.isArray(body.products), 'no products list');
  expect(isCount(body.total) && isCount(body.skip), 'total or skip');
  return { products: body.products.map((product, i) => summary(product, `products[${i}]`)), total: body.total, skip: body.skip };
}

export function parseProduct(body: unknown): ProductDetail {
  const base = summary(body, 'product');
  const value = body as Json;
  return {
    ...base,
    description: isText(value.description) ? value.description : '',
    color: isText(value.color) ? value.color : null,
    discountPercentage: typeof value.discountPercentage === 'number' ? value.discountPercentage : 0,
    rating: typeof value.rating === 'number' ? value.rating : 0,
    tags: Array.isArray(value.tags) ? value.tags.filter(isText) : [],
  };
}

function refused(value: unknown, where: string): RefusedRecord {
  expect(isObject(value) && isCount(value.index) && isText(value.reason), where);
  return { index: value.index, reason: value.reason, ...(isText(value.id) || typeof value.id === 'number' ? { id: value.id } : {}) };
}

export function parseImportJob(body: unknown): ImportJob {
  expect(isObject(body) && isText(body.id) && ['running', 'done', 'failed'].includes(body.state as string), 'import id or state');
  expect(body.total === null || isCount(body.total), 'import total');
  expect(isCount(body.processed) && isCount(body.accepted) && isCount(body.refusedCount) && Array.isArray(body.refused), 'import counts');
  return {
    id: body.id,
    state: body.state as ImportJob['state'],
    source: isText(body.source) ? body.source : '',
    total: body.total,
    processed: body.processed,
    accepted: body.accepted,
    refusedCount: body.refusedCount,
    refused: body.refused.map((record, i) => refused(record, `refused[${i}]`)),
    error: isText(body.error) ? body.error : null,
  };
}

export function parseStarted(body: unknown): { id: string } {
  expect(isObject(body) && isText(body.id), 'no import id');
  return { id: body.id };
}
