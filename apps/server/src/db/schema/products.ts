import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const products = pgTable(
  'products',
  {
    /** productID: category prefix + 6 base-32 characters, e.g. COM-8F3K2Q. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    category: text('category', { enum: ['comics', 'clothes', 'shoes', 'toys'] }).notNull(),
    /** Image base path, served as `${image}-{size}.webp`. */
    image: text('image').notNull(),
    imageWidth: integer('image_width').notNull().default(600),
    imageHeight: integer('image_height').notNull().default(800),
    genres: text('genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    merchType: text('merch_type'),
    toyType: text('toy_type'),
    /** Units sold over all orders: the popular sort. */
    unitsSold: integer('units_sold').notNull().default(0),
    /**
     * What search matches: the words of the name, description, genres and types in lower
     * case, each after a space (modules/catalog/search-text.ts).
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The words of the name as search_text holds them: a search ranks a word found in the
     * name first without lower-casing the name of every product it matches.
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`' ' || btrim(regexp_replace(lower(name), '[^[:alnum:]]+', ' ', 'g'))`),
    /**
     * Units of the product, all variants together, one customer may have in their cart and
     * orders (decision 140); null: only the general ceilings.
     */
    limitPerCustomer: integer('limit_per_customer'),
    /**
     * When the product goes on sale (a limited drop, decision 166): before it the cart takes
     * none of its units. Null: on sale at once.
     */
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    /**
     * A pre-order's release date (decision 167), a calendar date in the shop's time zone
     * (`shop_today()`): while it lies ahead the variants' stock is the pre-order allocation. The
     * release upkeep clears it on the day; null: an ordinary product.
     */
    releaseDate: date('release_date', { mode: 'string' }),
    /** The last day a pre-order may be added to a cart; null: until the release. */
    preorderUntil: date('preorder_until', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check('products_units_sold_check', sql`${t.unitsSold} >= 0`),
    check('products_limit_per_customer_check', sql`${t.limitPerCustomer} > 0`),
    check(
      'products_preorder_until_check',
      sql`${t.preorderUntil} is null or ${t.preorderUntil} < ${t.releaseDate}`,
    ),
    check('products_category_check', sql`${t.category} in ('comics', 'clothes', 'shoes', 'toys')`),
    // Each list index follows its ORDER BY exactly, nulls placement included (a plain `desc`
    // in SQL puts nulls first), so a page is read off the index instead of sorted.
    index('products_popular_idx').on(
      t.category,
      t.unitsSold.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id,
    ),
    index('products_price_idx').on(t.category, t.priceCents, t.name, t.id),
    index('products_price_high_idx').on(t.category, t.priceCents.desc().nullsFirst(), t.name, t.id),
    index('products_created_idx').on(t.createdAt.desc(), t.id),
    // The few pre-orders, by date: /releases, the "Pre-orders" filter and the release upkeep.
    index('products_release_idx')
      .on(t.releaseDate, t.id)
      .where(sql`${t.releaseDate} is not null`),
    index('products_genres_idx').using('gin', t.genres),
    // Without a pending list (decision 189): every order changes its products' units sold, a
    // new row version each, and a search would read the pending entries one by one.
    index('products_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * Available stock per variant: a volume (V1) for comics, a size (M) for clothes and shoes,
 * and the empty string for products with a single stock (toys). Units held in carts are
 * already subtracted, so `stock` is what can still be reserved.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    stock: integer('stock').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.variant] }),
    check('product_variants_stock_check', sql`${t.stock} >= 0`),
  ],
);

/**
 * Every distinct word of the products' search text and how many products use it (decision
 * 164). Kept by statement triggers on `products` (migration 0030), never written by the app;
 * product search reads it to find what a misspelt word stands for (db/functions/search-words.sql).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    products: integer('products').notNull(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/** Each search word of four letters or more with one letter left out: spelling by lookups. */
export const searchWordDeletions = pgTable(
  'search_word_deletions',
  {
    deletion: text('deletion').notNull(),
    word: text('word').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deletion, t.word] }),
    index('search_word_deletions_word_idx').on(t.word),
  ],
);
