// A fake catalogue for component tests: answers the catalogue URLs from a small product list and
// records every request.

export interface FakeProduct {
  id: number;
  title: string;
  price: number;
  discountPercentage: number;
  rating: number;
  stock: number;
  brand: string;
  category: string;
  color: string;
  thumbnail: string;
  images: string[];
  description: string;
}

export function makeProducts(count: number): FakeProduct[] {
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    return {
      id,
      title: `${['Desk Lamp', 'Floor Lamp', 'Oak Chair', 'Tote Bag'][i % 4]} ${id}`,
      price: 10 + id,
      discountPercentage: (id * 7) % 40,
      rating: 3 + (id % 5) / 2.5,
      stock: id === 3 ? 0 : 10,
      brand: ['Calder Studio', 'Oakhaven', 'Packwell'][i % 3] ?? 'Oakhaven',
      category: ['furniture', 'bags'][i % 2] ?? 'furniture',
      color: 'blue',
      thumbnail: `/img/${id}.svg`,
      images: [`/img/${id}-1.svg`, `/img/${id}-2.svg`, `/img/${id}-3.svg`],
      description: `Product ${id} description.`,
    };
  });
}

type Reply = { status: number; body: unknown };

export interface FakeOptions {
  fail?: (url: URL) => boolean;
  /** Like the real service on filters it counts in SQL, stop counting there (totalIsLowerBound). */
  countUpTo?: number;
  /** Typos the fake's word matching (`match=words`) corrects, typed word to meant word. */
  typos?: Record<string, string>;
}

/**
 * The shop's word matching, faked: every word must be in the title, a known typo is corrected unless
 * `typos=off`, and the answer says how the words were read (`search`).
 */
function matchWords(url: URL, typos: Record<string, string>) {
  const query = (url.searchParams.get('q') ?? '').trim();
  const correcting = url.searchParams.get('typos') !== 'off';
  const words = query.split(/\s+/).map((typed) => {
    const meant = correcting ? typos[typed.toLowerCase()] : undefined;
    return { typed, matched: meant ?? typed.toLowerCase(), kind: meant ? 'typo' : 'exact' };
  });
  const corrected = words.some((word) => word.kind === 'typo') ? words.map((word) => (word.kind === 'typo' ? word.matched : word.typed)).join(' ') : null;
  return {
    matches: (p: FakeProduct) => words.every((word) => p.title.toLowerCase().includes(word.matched)),
    search: { query, corrected, words },
  };
}

export function fakeFetch(products: FakeProduct[], options: FakeOptions = {}) {
  const calls: string[] = [];
  const reply = (status: number, body: unknown) =>
    ({
      status,
      ok: status >= 200 && status < 300,
      json: async () => body,
    }) as unknown as Response;

  const answer = (url: URL): Reply => {
    const path = url.pathname.replace(/^\/api\/catalog/, '');
    if (path === '/products/categories')
      return {
        status: 200,
        body: [
          { slug: 'furniture', name: 'Furniture' },
          { slug: 'bags', name: 'Bags' },
        ],
      };
    const one = /^\/products\/(\d+)$/.exec(path);
    if (one) {
      const found = products.find((p) => p.id === Number(one[1]));
      return found ? { status: 200, body: found } : { status: 404, body: { message: `Product with id '${one[1]}' not found` } };
    }
    if (path === '/products' || path === '/products/search') {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const words = url.searchParams.get('match') === 'words' ? matchWords(url, options.typos ?? {}) : null;
      const category = url.searchParams.get('category');
      const brand = url.searchParams.get('brand');
      const rows = products.filter(
        (p) => (words ? words.matches(p) : p.title.toLowerCase().includes(q)) && (!category || p.category === category) && (!brand || p.brand === brand),
      );
      const limit = Number(url.searchParams.get('limit') ?? 30);
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const brands = [...new Set(rows.map((p) => p.brand))].sort().map((name) => ({ name, count: rows.filter((p) => p.brand === name).length }));
      // Like the real service: with select, only id and the selected fields.
      const select = url.searchParams.get('select')?.split(',');
      const pick = (p: FakeProduct) => (select ? Object.fromEntries(Object.entries(p).filter(([key]) => key === 'id' || select.includes(key))) : p);
      return {
        status: 200,
        body: {
          products: rows.slice(skip, skip + limit).map(pick),
          ...(options.countUpTo !== undefined && rows.length > options.countUpTo
            ? { total: options.countUpTo, totalIsLowerBound: true }
            : { total: rows.length }),
          skip,
          limit,
          ...(url.searchParams.get('facets') ? { facets: { categories: [], brands, colors: [], priceRanges: [] } } : {}),
          ...(words ? { search: words.search } : {}),
        },
      };
    }
    return { status: 404, body: { message: 'no route' } };
  };

  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname + url.search);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    if (options.fail?.(url)) return reply(500, { message: 'down' });
    const { status, body } = answer(url);
    return reply(status, body);
  });
  return { fetch, calls };
}
