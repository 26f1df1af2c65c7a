/**
 * The order list's search and filters as they live in the page's address (so a link, a reload or the
 * back button shows the same list) and as the staff API takes them. Values the API would refuse are
 * dropped when read from an address rather than shown as an error: an old bookmark still opens.
 */
import { ORDER_STATUSES, PAYMENT_OUTCOMES, type OrderStatus, type PaymentOutcome } from 'orders-api/facts';
import { CURSOR, DAY, ORDER_SEARCH_MAX } from 'orders-api/staff';

export interface ListFilters {
  /** An order number (#123 or 123) or the start of an e-mail address. */
  readonly q: string;
  readonly status: OrderStatus | '';
  readonly payment: PaymentOutcome | '';
  /** Days, YYYY-MM-DD, both included. */
  readonly from: string;
  readonly to: string;
  /** The API's cursor of the page shown; '' for the first page. */
  readonly cursor: string;
}

export const NO_FILTERS: ListFilters = { q: '', status: '', payment: '', from: '', to: '', cursor: '' };

export const PAGE_SIZE = 25;

const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' => (values.includes(value as T) ? (value as T) : '');

export function filtersFromSearch(search: string | URLSearchParams): ListFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const text = (name: string) => params.get(name)?.trim() ?? '';
  const from = text('from');
  const to = text('to');
  const cursor = text('cursor');
  return {
    q: text('q').slice(0, ORDER_SEARCH_MAX),
    status: oneOf(ORDER_STATUSES, text('status')),
    payment: oneOf(PAYMENT_OUTCOMES, text('payment')),
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    cursor: CURSOR.test(cursor) ? cursor : '',
  };
}

/** The address's query for these filters: only what is set, always in the same order. */
export function searchFromFilters(filters: ListFilters): string {
  const params = new URLSearchParams();
  for (const name of ['q', 'status', 'payment', 'from', 'to', 'cursor'] as const) {
    const value = filters[name].trim();
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A change of search or filter starts again from the first page: the old cursor belongs to another list. */
export function withFilters(filters: ListFilters, change: Partial<Omit<ListFilters, 'cursor'>>): ListFilters {
  return { ...filters, ...change, cursor: '' };
}

export function hasFilters(filters: ListFilters): boolean {
  return Boolean(filters.q || filters.status || filters.payment || filters.from || filters.to);
}

/** A date range whose start is after its end finds nothing; say so instead of asking. */
export function rangeIsBackwards(filters: Pick<ListFilters, 'from' | 'to'>): boolean {
  return Boolean(filters.from && filters.to && filters.from > filters.to);
}

/** The staff API's query (GET /api/checkout/staff/orders) for these filters. */
export function apiQuery(filters: ListFilters, limit = PAGE_SIZE): URLSearchParams {
  const params = new URLSearchParams(searchFromFilters(filters));
  params.set('limit', String(limit));
  return params;
}
