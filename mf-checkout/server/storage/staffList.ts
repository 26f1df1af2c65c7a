import type { StaffOrderQuery } from './repository.ts';

/** LIKE's own wildcards in what staff typed are matched literally. */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The WHERE clause and parameters of the staff's order list, for either engine: `placeholder(n)`
 * writes the n-th parameter (1-based) as the engine wants it. Each filter is a condition an index
 * of migration 0003 serves, and the page boundary is a row comparison on (created_at, number), the
 * order of those indexes, so a page deep in the list costs what the first one does.
 */
export function staffListWhere(query: StaffOrderQuery, placeholder: (n: number) => string): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return placeholder(params.length);
  };
  if (query.number !== undefined) conditions.push(`number = ${param(query.number)}`);
  if (query.emailPrefix !== undefined) conditions.push(`lower(email) LIKE ${param(likePrefix(query.emailPrefix))} ESCAPE '\\'`);
  if (query.status !== undefined) conditions.push(`status = ${param(query.status)}`);
  if (query.createdFrom !== undefined) conditions.push(`created_at >= ${param(query.createdFrom)}`);
  if (query.createdBefore !== undefined) conditions.push(`created_at < ${param(query.createdBefore)}`);
  switch (query.payment) {
    case 'pending':
    case 'failed':
      conditions.push(`status = ${param(query.payment)}`);
      break;
    case 'succeeded':
      conditions.push(`status NOT IN ('pending', 'failed') AND refunded_cents = 0`);
      break;
    case 'partially_refunded':
      conditions.push('refunded_cents > 0 AND refunded_cents < total_cents');
      break;
    case 'refunded':
      conditions.push('refunded_cents > 0 AND refunded_cents >= total_cents');
      break;
    case undefined:
      break;
  }
  if (query.after) conditions.push(`(created_at, number) < (${param(query.after.createdAt)}, ${param(query.after.number)})`);
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
