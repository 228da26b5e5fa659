/**
 * Turns the demo catalog entries into product and variant rows, with reproducible ids, stock,
 * popularity and dates, plus the artwork spec of each product.
 */
import { CATEGORY_LABELS, GENRES, typeLabel } from '@otaku/shared';
import { newProductId } from '../lib/ids';
import type { ArtworkSpec } from './artwork';
import {
  PRODUCT_IMAGE_HEIGHT,
  PRODUCT_IMAGE_WIDTH,
  productImageBase,
} from '../modules/media/product-images';
import { buildSearchText } from '../modules/catalog/search-text';
import type { productVariants, products } from '../db/schema/products';
import type { CatalogEntry } from './catalog-entry';
import { CLOTHES } from './catalog-clothes';
import { COMICS } from './catalog-comics';
import { SHOES } from './catalog-shoes';
import { TOYS } from './catalog-toys';
import { createRng } from './prng';

export const DEMO_CATALOG: readonly CatalogEntry[] = [...COMICS, ...CLOTHES, ...SHOES, ...TOYS];

export interface DemoProduct {
  entry: CatalogEntry;
  row: typeof products.$inferInsert & { id: string; createdAt: Date; unitsSold: number };
  variants: (typeof productVariants.$inferInsert)[];
  artwork: ArtworkSpec;
}

const DAY_MS = 86_400_000;

function artworkFor(id: string, entry: CatalogEntry): ArtworkSpec {
  const typeSlug = entry.genres[0] ?? entry.merchType ?? entry.toyType ?? undefined;
  const type =
    entry.category === 'comics'
      ? (GENRES.find((g) => g.slug === typeSlug)?.label ?? '')
      : typeLabel(entry.category, typeSlug ?? '');
  const first = entry.variants[0];
  const last = entry.variants.at(-1);
  const badge =
    entry.category === 'comics'
      ? `Vol. 1${entry.variants.length > 1 ? `–${entry.variants.length}` : ''}`
      : entry.category === 'toys'
        ? undefined
        : `${first}–${last}`;
  return {
    productId: id,
    name: entry.name,
    category: entry.category,
    typeSlug,
    caption: `${CATEGORY_LABELS[entry.category]} · ${type}`,
    priceCents: entry.priceCents,
    badge,
  };
}

const HOUR_MS = 3_600_000;

/** A drop's dates: announced a day before the seed ran, on sale `inDays` after it, on the hour. */
function dropOf(drop: NonNullable<CatalogEntry['drop']>, now: Date) {
  const opens = Math.ceil((now.getTime() + drop.inDays * DAY_MS) / HOUR_MS) * HOUR_MS;
  return {
    announcedAt: new Date(now.getTime() - DAY_MS),
    saleStartsAt: new Date(opens),
    limitPerCustomer: drop.limitPerCustomer,
  };
}

/**
 * Each entry draws from its own generator seeded by its name, so adding or reordering
 * entries never changes the id, stock or dates of the others.
 */
export function buildCatalog(now: Date): DemoProduct[] {
  const taken = new Set<string>();
  return DEMO_CATALOG.map((entry) => {
    const rng = createRng(`product:${entry.name}`);
    let id = newProductId(entry.category, rng.base32);
    while (taken.has(id)) id = newProductId(entry.category, rng.base32);
    taken.add(id);

    const createdAt = new Date(now.getTime() - rng.int(3, 240) * DAY_MS - rng.int(0, DAY_MS));
    // Squaring skews popularity: a few best-sellers, a long tail. Sold-out items sold well.
    const unitsSold = Math.round(rng.next() ** 2 * 380) + (entry.soldOut ? 220 : 4);
    const variants = entry.variants.map((variant, position) => ({
      productId: id,
      variant,
      position,
      stock: entry.drop ? entry.drop.stock : entry.soldOut || rng.chance(0.15) ? 0 : rng.int(2, 45),
    }));
    const drop = entry.drop && dropOf(entry.drop, now);
    return {
      entry,
      row: {
        id,
        name: entry.name,
        description: entry.description,
        priceCents: entry.priceCents,
        category: entry.category,
        image: productImageBase(id),
        imageWidth: PRODUCT_IMAGE_WIDTH,
        imageHeight: PRODUCT_IMAGE_HEIGHT,
        genres: entry.genres,
        merchType: entry.merchType,
        toyType: entry.toyType,
        unitsSold: drop ? 0 : unitsSold,
        searchText: buildSearchText(entry),
        createdAt: drop ? drop.announcedAt : createdAt,
        updatedAt: drop ? drop.announcedAt : createdAt,
        ...(drop && { saleStartsAt: drop.saleStartsAt, limitPerCustomer: drop.limitPerCustomer }),
      },
      variants,
      artwork: artworkFor(id, entry),
    };
  });
}
