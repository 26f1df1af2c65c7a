/**
 * users/{uid}/wishlist in the Realtime Database: one child per product, keyed by its id, valued
 * with when it was added (ms). A map, not an array, so two devices adding at once both land, and a
 * removal is one child set to null. database.rules.json enforces the shape.
 */
import { userRecordPath } from './userRecord.ts';

export type WishlistChanges = { readonly add: readonly { id: number; at: number }[]; readonly remove: readonly number[] };

export function wishlistPath(uid: string): string {
  return `${userRecordPath(uid)}/wishlist`;
}

const isId = (value: number) => Number.isSafeInteger(value) && value > 0;

/** The ids of a stored wish list, newest first; anything malformed is skipped. */
export function wishlistIds(value: unknown): number[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([key, at]) => /^[1-9]\d{0,15}$/.test(key) && isId(Number(key)) && typeof at === 'number' && Number.isFinite(at))
    .sort(([a, atA], [b, atB]) => (atB as number) - (atA as number) || Number(a) - Number(b))
    .map(([key]) => Number(key));
}

/** The database update for a set of changes: `{ "<id>": addedAt }` to add, `{ "<id>": null }` to remove. */
export function wishlistChanges(changes: WishlistChanges): Record<string, number | null> {
  const patch: Record<string, number | null> = {};
  for (const { id, at } of changes.add) if (isId(id)) patch[String(id)] = Math.max(1, Math.round(at));
  for (const id of changes.remove) if (isId(id)) patch[String(id)] = null;
  return patch;
}
