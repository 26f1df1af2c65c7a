import { catalog } from './client.ts';
import type { Category } from './schemas.ts';

let cached: Promise<Category[]> | null = null;

/**
 * The catalogue's categories, asked once per page load (they change with a deploy, not per visit).
 * A failure is not remembered, so the next caller asks again.
 */
export function loadCategories(): Promise<Category[]> {
  cached ??= catalog.getCategories().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}
