/**
 * The wish list and the compare tray keep product ids only: what a product costs or whether it is
 * in stock is read from the catalogue when a screen shows them, so a stored list never goes stale.
 * These rules read any untrusted value (localStorage, another tab, the account's database, an
 * address bar) into a list of distinct positive ids, never throwing.
 */

/** Product ids are positive integers (the catalogue's ids; a catalogue of millions fits). */
export function isProductId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Distinct valid ids in their first order, at most `max`; anything else is dropped quietly. */
export function normalizeIds(value: unknown, max: number): number[] {
  if (!Array.isArray(value)) return [];
  const ids: number[] = [];
  for (const entry of value) {
    const id = typeof entry === 'string' && /^[1-9]\d{0,15}$/.test(entry) ? Number(entry) : entry;
    if (isProductId(id) && !ids.includes(id)) ids.push(id);
    if (ids.length >= max) break;
  }
  return ids;
}

/** A stored JSON array of ids; a damaged value reads as an empty list. */
export function parseStoredIds(raw: string | null, max: number): number[] {
  if (!raw) return [];
  try {
    return normalizeIds(JSON.parse(raw), max);
  } catch {
    return [];
  }
}

/** The ids of a comma-separated list (`/compare?ids=3,8,21`). */
export function parseIdParam(raw: string | null, max: number): number[] {
  return normalizeIds(
    (raw ?? '').split(',').map((part) => part.trim()),
    max,
  );
}

export const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);
