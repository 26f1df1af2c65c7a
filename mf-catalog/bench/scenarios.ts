// The catalogue bench's requests, built with the remote's own request code so they stay the ones the
// screens send: fixed rows, and varied ones drawn from a random stream. The team keeps them here, beside
// the code they are built from; tools/bench runs them (catalogLoad.ts) and searchReplay.ts replays them.
import { CARD_FIELDS, listUrl, suggestionUrl, type ListParams } from '../src/api/client.ts';
import { PRICE_RANGES, SORT_ORDER } from '../src/shop/queryState.ts';
import { COLORS } from '../server/products/model.ts';
import { SEED_CATEGORIES, VOCABULARY } from '../server/seed/vocabulary.ts';

const SORTS = Object.values(SORT_ORDER);

export interface Scenario {
  name: string;
  /** What the row shows, e.g. the path or a description of the varied paths. */
  label: string;
  /** 'throughput' rows are judged by req/s, 'latency' rows by p99. */
  target: 'throughput' | 'latency' | null;
  varied: boolean;
  path: (random: () => number) => string;
}

/** A row measured through the gateway, judged against the service-alone row `reference` of the same run. */
export interface GatewayScenario {
  name: string;
  label: string;
  reference: string;
  path: string;
}

/** The gateway's rows: the two requests the issue names, each compared with the service alone. */
export const GATEWAY_SCENARIOS: readonly GatewayScenario[] = [
  { name: 'gateway-product', label: 'through the gateway: /products/1', reference: 'product', path: '/products/1' },
  { name: 'gateway-page', label: 'through the gateway: /products?limit=12&skip=12', reference: 'page', path: '/products?limit=12&skip=12' },
];

/** Where the gateway forwards catalogue requests. */
export const GATEWAY_PREFIX = '/api/catalog';

/** Words that occur in generated titles (the vocabulary's nouns), for the varied search row. */
const SEARCH_WORDS = [
  'chair',
  'lamp',
  'watch',
  'wallet',
  'sofa',
  'table',
  'fan',
  'kettle',
  'toaster',
  'jacket',
  'hoodie',
  'socks',
  'umbrella',
  'camera',
  'laptop',
  'speaker',
  'blender',
  'backpack',
  'sneakers',
  'bottle',
  'stool',
  'bookshelf',
  'beanie',
  'handbag',
  'tote',
  'microwave',
  'smartphone',
  'headphones',
  'sunglasses',
  'keychain',
  'coffee',
  'oak',
  'leather',
  'glass',
  'mini',
  'classic',
  'retro',
  'canvas',
  'steel',
  'wool',
];
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** The search words long enough for a typo to be corrected (5+ letters). */
const TYPO_WORDS = SEARCH_WORDS.filter((word) => word.length >= 5);

/** One slip of a finger in a word of 5+ letters (within the one-edit budget): a swap, a dropped, doubled or wrong letter. */
export function misspell(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + word[at] + word.slice(at);
    default:
      return word.slice(0, at) + (word[at] === 'x' ? 'z' : 'x') + word.slice(at + 1);
  }
}

/** Several words a shopper combines: colour and kind, brand and kind, or style, colour and kind, in any order. */
function wordsQuery(random: () => number): string {
  const category = pick(random, SEED_CATEGORIES);
  const kind = pick(random, VOCABULARY[category].kinds);
  const noun = kind.noun.toLowerCase();
  const roll = random();
  if (roll < 0.4) return `${pick(random, COLORS).name} ${noun}`;
  if (roll < 0.7) return `${pick(random, VOCABULARY[category].brands).split(' ')[0]!.toLowerCase()} ${noun}`;
  return `${noun} ${pick(random, kind.modifiers).split(/[ -]/)[0]!.toLowerCase()} ${pick(random, COLORS).name}`;
}

/** The shop's word search (match=words): the search page (24, card fields, pages 1-5) or suggestions (8, the last word as a beginning). */
function wordSearchUrl(q: string, random: () => number): string {
  const params = new URLSearchParams({ q, match: 'words' });
  if (random() < 0.5) {
    params.set('prefix', 'on');
    params.set('limit', '8');
    params.set('select', CARD_FIELDS.join(','));
  } else {
    params.set('limit', '24');
    params.set('skip', String(24 * Math.floor(random() * 5)));
    params.set('select', CARD_FIELDS.join(','));
  }
  return `/products/search?${params.toString()}`;
}

/** The shop page's request (the listing with card fields and facets), as the service sees it. */
export function shopUrl(params: Omit<ListParams, 'select' | 'facets' | 'q'>): string {
  return listUrl({ ...params, select: CARD_FIELDS, facets: true }, '');
}

/** The service-alone rows for a catalogue of `products` products. */
export function scenarios(products: number): Scenario[] {
  const shop = shopUrl({ category: 'furniture', minPrice: 20, maxPrice: 29.99, sortBy: 'rating', order: 'desc', limit: 12 });
  return [
    { name: 'product', label: '/products/1', target: 'throughput', varied: false, path: () => '/products/1' },
    { name: 'page', label: '/products?limit=12&skip=12', target: 'latency', varied: false, path: () => '/products?limit=12&skip=12' },
    { name: 'search', label: '/products/search?q=phone', target: 'latency', varied: false, path: () => '/products/search?q=phone' },
    {
      name: 'shop',
      label: 'shop: furniture, $20-29.99, best seller, 12/page, card fields, facets',
      target: 'latency',
      varied: false,
      path: () => shop,
    },
    {
      name: 'product-any',
      label: `varied: /products/{random id of ${products.toLocaleString('en-US')}}`,
      target: 'throughput',
      varied: true,
      path: (random) => `/products/${1 + Math.floor(random() * products)}`,
    },
    {
      name: 'search-any',
      label: `varied: ${SEARCH_WORDS.length} words: suggestions as typed (3+ letters, 8) and search pages 1-20 (24)`,
      target: 'latency',
      varied: true,
      path: (random) => {
        const word = pick(random, SEARCH_WORDS);
        if (random() < 0.5) {
          // The header search box: a prefix of what is being typed, 8 suggestions.
          const typed = word.slice(0, 3 + Math.floor(random() * (word.length - 2)));
          return suggestionUrl(typed, '');
        }
        // The /search page: 24 per page, card fields, id order.
        return listUrl({ q: word, limit: 24, skip: 24 * Math.floor(random() * 20), select: CARD_FIELDS }, '');
      },
    },
    {
      name: 'search-typos',
      label: `varied: word search (match=words) for one of ${TYPO_WORDS.length} words with a typo: search pages 1-5 (24) and suggestions (8, prefix)`,
      target: 'latency',
      varied: true,
      path: (random) => wordSearchUrl(misspell(pick(random, TYPO_WORDS), random), random),
    },
    {
      name: 'search-words',
      label: 'varied: word search (match=words) for 2-3 words: colour/brand/style and kind in any order, search pages 1-5 (24) and suggestions (8, prefix)',
      target: 'latency',
      varied: true,
      path: (random) => wordSearchUrl(wordsQuery(random), random),
    },
    {
      name: 'shop-any',
      label: 'varied: shop with random category/brand/price/colour/sort, pages 1-20, facets',
      target: 'latency',
      varied: true,
      path: (random) => {
        const { sortBy, order } = pick(random, SORTS);
        const range = random() < 0.7 ? pick(random, PRICE_RANGES) : null;
        const category = random() < 0.85 ? pick(random, SEED_CATEGORIES) : undefined;
        // The shop's brand filter lists the brands of the category shown.
        const brand = category && random() < 0.2 ? pick(random, VOCABULARY[category].brands) : undefined;
        return shopUrl({
          ...(category ? { category } : {}),
          ...(brand ? { brand } : {}),
          ...(random() < 0.3 ? { color: pick(random, COLORS).name } : {}),
          ...(range ? { minPrice: range.min, maxPrice: range.max } : {}),
          sortBy,
          order,
          limit: 12,
          skip: 12 * Math.floor(random() * 20),
        });
      },
    },
  ];
}

/** A deterministic random stream, so every run asks for the same varied URLs. */
export function randomStream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
