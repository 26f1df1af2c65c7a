import * as v from 'valibot';
import { pageAnswer, type Translate } from 'shared-events';
import type { MessageKey } from '../i18n/messages.en.ts';

/**
 * The catalogue's own list. The menu offers the categories the catalogue marks for it (`menu`: their
 * position; the spec's six by default), or every category when it marks none (a shop's own catalogue
 * whose categories are all new).
 */
export const CATEGORIES_URL = '/api/catalog/products/categories';

const nonEmpty = v.pipe(v.string(), v.minLength(1));
const categoriesSchema = v.array(v.looseObject({ slug: nonEmpty, name: nonEmpty, menu: v.optional(v.number()) }));

export type MenuCategory = { readonly slug: string; readonly name: string };

let cached: Promise<MenuCategory[]> | null = null;

async function fetchCategories(fetchImpl: typeof fetch): Promise<unknown> {
  const response = await fetchImpl(CATEGORIES_URL, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The catalogue answered ${response.status} for its categories`);
  return response.json();
}

/** Asked once per page load; a failure is not remembered, so a retry asks again. */
export function loadMenuCategories(fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): Promise<MenuCategory[]> {
  cached ??= (async () => {
    // The listing's page carries the categories already (its filters show them).
    const carried = pageAnswer(CATEGORIES_URL);
    const body = carried?.status === 200 ? carried.body : await fetchCategories(fetchImpl);
    const parsed = v.safeParse(categoriesSchema, body);
    if (!parsed.success) throw new Error('The catalogue sent categories in an unexpected shape');
    const marked = parsed.output.filter((category) => category.menu !== undefined).sort((a, b) => a.menu! - b.menu!);
    return (marked.length > 0 ? marked : parsed.output).map(({ slug, name }) => ({ slug, name }));
  })().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** Forgets the loaded list, so the next caller asks the catalogue again (tests start from nothing). */
export function forgetMenuCategories(): void {
  cached = null;
}

type LabelledSlug = { [K in MessageKey]: K extends `categories.${infer Slug}` ? Slug : never }[MessageKey];

/** The categories the header words itself (`categories.<slug>` in the catalogues). */
const ownLabels: ReadonlySet<string> = new Set(['accessories', 'furniture', 'electronics', 'clothing', 'bags', 'home-appliances'] satisfies LabelledSlug[]);

/**
 * The entry's label: the header's own wording where it has one (the spec's six, spelled as the spec
 * spells them, in each language), otherwise the name the catalogue gives its category.
 */
export function menuLabel(t: Translate<MessageKey>, category: MenuCategory): string {
  return ownLabels.has(category.slug) ? t(`categories.${category.slug}` as MessageKey) : category.name;
}
