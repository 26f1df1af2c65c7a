import type { Category } from '../api/schemas.ts';
import type { T } from '../i18n/useT.ts';

/** A category's name in the current language; the catalogue's own name for categories we do not know. */
export function categoryName(t: T, category: Pick<Category, 'slug' | 'name'>): string {
  const key = `category.${category.slug}`;
  const translated = t(key as Parameters<T>[0]);
  return translated === key ? category.name : translated;
}

/**
 * The name the catalogue gives a category it holds, made from its slug as the catalogue makes it
 * (`garden-and-patio` -> "Garden And Patio"), for places that have only a product's slug.
 */
export function nameOfSlug(slug: string): string {
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A colour's name in the current language ("blue" -> "Blue", "Синий"). */
export function colorName(t: T, name: string): string {
  const key = `color.${name}`;
  const translated = t(key as Parameters<T>[0]);
  return translated === key ? name.charAt(0).toUpperCase() + name.slice(1) : translated;
}
