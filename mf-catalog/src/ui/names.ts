import type { Category } from '../api/schemas.ts';
import type { T } from '../i18n/useT.ts';

/** A category's name in the current language; the catalogue's own name for categories we do not know. */
export function categoryName(t: T, category: Pick<Category, 'slug' | 'name'>): string {
  const key = `category.${category.slug}`;
  const translated = t(key as Parameters<T>[0]);
  return translated === key ? category.name : translated;
}

/** A colour's name in the current language ("blue" -> "Blue", "Синий"). */
export function colorName(t: T, name: string): string {
  const key = `color.${name}`;
  const translated = t(key as Parameters<T>[0]);
  return translated === key ? name.charAt(0).toUpperCase() + name.slice(1) : translated;
}
