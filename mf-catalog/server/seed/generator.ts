// The deterministic catalogue: product N depends only on (seed, N), so the seed catalogue, the
// million-row generator and any batch size agree on every product.
import { COLOR_NAMES, type ProductRecord } from '../products/model.ts';
import { productImagePath } from '../images/paths.ts';
import { Random, mixSeed } from './random.ts';
import { SEED_CATEGORIES, VOCABULARY, type Kind, type SeedCategory } from './vocabulary.ts';

/** "Now" for generated dates, fixed so the same seed always gives the same catalogue. */
export const SEED_EPOCH_MS = Date.parse('2026-11-01T00:00:00.000Z');

const DAY_MS = 86_400_000;

interface CategoryPlan {
  slug: SeedCategory;
  kinds: Kind[];
  /** Per kind, where its modifier rotation starts. */
  offsets: number[];
}

const plans = new Map<number, CategoryPlan[]>();

// Each category cycles through its kinds in a seeded order, then through modifiers, so titles
// stay unique until every kind/modifier pair has been used.
function planFor(seed: number): CategoryPlan[] {
  let plan = plans.get(seed);
  if (!plan) {
    plan = SEED_CATEGORIES.map((slug, c) => {
      const random = new Random(mixSeed(seed, 0xca7, c));
      const kinds = random.shuffle(VOCABULARY[slug].kinds);
      return { slug, kinds, offsets: kinds.map((k) => random.int(0, k.modifiers.length - 1)) };
    });
    plans.set(seed, plan);
  }
  return plan;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** Log-uniform in the kind's span, so cheap kinds stay mostly cheap; retail endings like .99 and .49. */
function priceCents(random: Random, [low, high]: readonly [number, number]): number {
  const dollars = Math.floor(Math.exp(Math.log(low) + random.next() * (Math.log(high) - Math.log(low))));
  const cents = random.pick([99, 99, 99, 49, 95, 0]);
  return Math.max(low * 100, dollars * 100 + cents - (cents === 0 ? 0 : 100));
}

function stock(random: Random): number {
  const roll = random.next();
  if (roll < 0.06) return 0;
  if (roll < 0.11) return 1;
  if (roll < 0.16) return random.int(2, 4);
  return random.int(5, 100);
}

export function generateProduct(seed: number, id: number): ProductRecord {
  const plan = planFor(seed);
  const category = plan[(id - 1) % plan.length]!;
  const slot = Math.floor((id - 1) / plan.length);
  const kindIndex = slot % category.kinds.length;
  const kind = category.kinds[kindIndex]!;
  const round = Math.floor(slot / category.kinds.length);
  const modifier = kind.modifiers[(round + category.offsets[kindIndex]!) % kind.modifiers.length]!;
  const edition = Math.floor(round / kind.modifiers.length);
  const title = `${modifier} ${kind.noun}${edition > 0 ? ` No. ${edition + 1}` : ''}`;

  const random = new Random(mixSeed(seed, id));
  const vocabulary = VOCABULARY[category.slug];
  const brand = random.pick(vocabulary.brands);
  const color = random.pick(COLOR_NAMES);
  const words = { title, noun: kind.noun.toLowerCase(), brand, color };
  const sentences = [fill(random.pick(vocabulary.intros), words), fill(random.pick(vocabulary.details), words)];
  if (random.chance(0.7)) sentences.push(fill(random.pick(vocabulary.finishes), words));

  const createdMs = SEED_EPOCH_MS - Math.floor(random.next() * 365 * DAY_MS);
  const updatedMs = createdMs + Math.floor(random.next() * Math.min(30 * DAY_MS, SEED_EPOCH_MS - createdMs));
  const imageCount = random.chance(0.25) ? 4 : 3;
  const images = Array.from({ length: imageCount }, (_, i) => productImagePath(id, kind.drawing, color, i + 1));

  return {
    id,
    title,
    description: sentences.join(' '),
    category: category.slug,
    brand,
    color,
    priceCents: priceCents(random, kind.price),
    discountPercentage: random.chance(0.3) ? 0 : random.int(5, 40),
    rating: Math.round((2.5 + 2.5 * Math.sqrt(random.next())) * 10) / 10,
    stock: stock(random),
    sku: `${vocabulary.code}-${brand
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase()}-${String(id).padStart(6, '0')}`,
    tags: [category.slug, kind.tag],
    thumbnail: images[0]!,
    images,
    createdAt: new Date(createdMs).toISOString(),
    updatedAt: new Date(updatedMs).toISOString(),
  };
}

/** Products firstId..firstId+count-1 in batches, for streaming into a store. */
export async function* generateBatches(seed: number, count: number, batchSize: number, firstId = 1): AsyncGenerator<ProductRecord[]> {
  for (let start = firstId; start < firstId + count; start += batchSize) {
    const end = Math.min(start + batchSize, firstId + count);
    const batch: ProductRecord[] = [];
    for (let id = start; id < end; id++) batch.push(generateProduct(seed, id));
    yield batch;
  }
}
