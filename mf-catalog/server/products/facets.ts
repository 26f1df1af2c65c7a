import { priceRangeLabel } from 'catalog-api/vocabulary';
import { LRUCache } from 'lru-cache';
import type { FacetCounts, ProductRepository } from '../storage/repository.ts';
import { categoryName, COLORS, PRICE_RANGES, filterKey, type Facets, type ProductFilter } from './model.ts';

const bySlug = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The facets of one filter. `allCategories` are the catalogue's categories (categories are data),
 * listed even where this filter leaves none, as the colours and price ranges are.
 */
export function buildFacets(counts: FacetCounts, allCategories: Iterable<string> = []): Facets {
  const slugs = [...new Set([...allCategories, ...counts.categories.keys()])].sort(bySlug);
  return {
    categories: slugs.map((slug) => ({ slug, name: categoryName(slug), count: counts.categories.get(slug) ?? 0 })),
    brands: [...counts.brands].map(([name, count]) => ({ name, count })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    colors: COLORS.map(({ name, hex }) => ({ name, hex, count: counts.colors.get(name) ?? 0 })),
    priceRanges: PRICE_RANGES.map((range, i) => ({
      min: range.minCents / 100,
      max: range.maxCents / 100,
      label: priceRangeLabel(range),
      count: counts.priceRanges[i] ?? 0,
    })),
  };
}

/**
 * Facet counts group the whole filtered catalogue, which is costly on big catalogues, and they
 * do not change with stock; so each filter combination is computed once per TTL or product write. Concurrent
 * requests for the same combination share one computation.
 */
export class FacetService {
  private readonly cache: LRUCache<string, Promise<{ facets: Facets; json: string }>>;
  private readonly repository: ProductRepository;

  constructor(repository: ProductRepository, ttlMs: number) {
    this.repository = repository;
    // lru-cache reads a TTL of 0 as none, where ours means at once.
    this.cache = new LRUCache({ max: 1000, ttl: Math.max(1, ttlMs) });
    // A product added, changed or deleted moves counts; stock changes do not (no facet counts stock).
    repository.onProductsChanged((_ids, kind) => {
      if (kind === 'data') this.cache.clear();
    });
  }

  facets(filter: ProductFilter): Promise<Facets> {
    return this.lookup(filter).then((entry) => entry.facets);
  }

  /** The facets as JSON, serialised once per computation. */
  facetsJson(filter: ProductFilter): Promise<string> {
    return this.lookup(filter).then((entry) => entry.json);
  }

  /** Every category the catalogue holds, by slug, with its number of products. */
  async categories(): Promise<Facets['categories']> {
    return (await this.facets({})).categories;
  }

  private lookup(filter: ProductFilter): Promise<{ facets: Facets; json: string }> {
    const key = filterKey(filter);
    let pending = this.cache.get(key);
    if (!pending) {
      const unfiltered = key === filterKey({});
      pending = Promise.all([this.repository.facetCounts(filter), unfiltered ? [] : this.categories()]).then(([counts, all]) => {
        const facets = buildFacets(
          counts,
          all.map((category) => category.slug),
        );
        return { facets, json: JSON.stringify(facets) };
      });
      pending.catch(() => this.cache.delete(key));
      this.cache.set(key, pending);
    }
    return pending;
  }
}
