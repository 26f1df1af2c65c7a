// A shop's own catalogue for the import tests: DummyJSON-shaped products in 25 categories the seed
// does not have (names as a shop writes them: spaces, capitals, '&'), and a few broken records.
import { DRAWING_NAMES } from '../images/drawings.ts';
import { categorySlugOf } from '../products/model.ts';

export const OWN_CATEGORIES = [
  'Beauty',
  'Fragrances',
  'Skin Care',
  'Groceries',
  'Home Decoration',
  'Kitchen Accessories',
  'Laptops',
  'Mens Shirts',
  'Mens Shoes',
  'Mens Watches',
  'Mobile Accessories',
  'Motorcycle',
  'Smartphones',
  'Sports Accessories',
  'Sunglasses',
  'Tablets',
  'Tops',
  'Vehicle',
  'Womens Bags',
  'Womens Dresses',
  'Womens Jewellery',
  'Womens Shoes',
  'Womens Watches',
  'Garden & Patio',
  'Pet Supplies',
] as const;

/** The slug the catalogue makes of each of them. */
export const OWN_CATEGORY_SLUGS = OWN_CATEGORIES.map(categorySlugOf);

export interface OwnProduct {
  id: number;
  title: string;
  description: string;
  category: string;
  price: number;
  discountPercentage: number;
  rating: number;
  stock: number;
  brand: string;
  tags: string[];
  thumbnail: string;
  images: string[];
  meta: { createdAt: string; updatedAt: string };
}

/**
 * `count` valid products with ids 1..count, spread over the 25 categories. Their pictures are the
 * catalogue's own drawings (relative paths), or absolute URLs under `imageOrigin` when given.
 */
export function ownCatalogue(count = 200, { imageOrigin }: { imageOrigin?: string } = {}): OwnProduct[] {
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    const category = OWN_CATEGORIES[i % OWN_CATEGORIES.length]!;
    const picture = `images/products/${id}/${DRAWING_NAMES[i % DRAWING_NAMES.length]}-blue-1.svg`;
    const image = imageOrigin ? `${imageOrigin}/${picture}` : picture;
    return {
      id,
      title: `${category} Item ${id}`,
      description: `Item ${id} of our own ${category.toLowerCase()} range.`,
      category,
      price: 5 + ((id * 37) % 6000) / 100,
      discountPercentage: (id * 7) % 30,
      rating: 3 + ((id * 13) % 200) / 100,
      stock: 20 + (id % 50),
      brand: `House ${['North', 'South', 'East', 'West'][id % 4]}`,
      tags: [category.toLowerCase(), 'own'],
      thumbnail: image,
      images: [image],
      meta: { createdAt: new Date(Date.UTC(2026, 0, 1) + id * 3_600_000).toISOString(), updatedAt: new Date(Date.UTC(2026, 1, 1)).toISOString() },
    };
  });
}

/** Records no catalogue accepts, each for a reason the import must name. */
export const BROKEN_RECORDS: readonly unknown[] = [
  { id: 9001, title: '', category: 'Beauty', price: 5, thumbnail: 'x.png' },
  { id: 9002, title: 'Negative', category: 'Beauty', price: -1, thumbnail: 'x.png' },
  { id: 9003, title: 'No category', price: 5, thumbnail: 'x.png' },
  'not a product',
];

/** The same products as CSV with a header row (lists joined with |). */
export function toCsv(products: readonly OwnProduct[]): string {
  const columns = [
    'id',
    'title',
    'description',
    'category',
    'price',
    'discountPercentage',
    'rating',
    'stock',
    'brand',
    'tags',
    'thumbnail',
    'images',
    'createdAt',
    'updatedAt',
  ];
  const cell = (value: unknown) => {
    const text = Array.isArray(value) ? value.join('|') : String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const rows = products.map((p) =>
    [
      p.id,
      p.title,
      p.description,
      p.category,
      p.price,
      p.discountPercentage,
      p.rating,
      p.stock,
      p.brand,
      p.tags,
      p.thumbnail,
      p.images,
      p.meta.createdAt,
      p.meta.updatedAt,
    ]
      .map(cell)
      .join(','),
  );
  return `${columns.join(',')}\n${rows.join('\n')}\n`;
}
