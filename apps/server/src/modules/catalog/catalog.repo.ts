/**
 * Catalog queries. The shop list is one statement whatever the page size: the filtered page,
 * its total (a window count) and every product's variants (aggregated per row) come back
 * together.
 */
import type { Availability, Category, SortBy } from '@otaku/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared, rowsOf, runShaped, type Shaped } from '../../db/prepared';
import {
  readInsideWords,
  searchMatch,
  searchRank,
  searchValues,
  unseen,
  type SearchTerms,
  type WordMatch,
} from './search-sql';

export interface VariantRow {
  variant: string;
  stock: number;
}

export interface ProductRow {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  category: Category;
  image: string;
  imageWidth: number;
  imageHeight: number;
  genres: string[];
  merchType: string | null;
  toyType: string | null;
  limitPerCustomer: number | null;
  /** Milliseconds since 1970 (the same number on both engines); null: on sale at once. */
  saleStartsAtMs: number | null;
  /** yyyy-mm-dd while the product is a pre-order (its release date lies ahead); else null. */
  releaseDate: string | null;
  /** The last day a pre-order may be placed, while it is one; else null. */
  preorderUntil: string | null;
  variants: VariantRow[];
}

export interface ListFilter {
  /** null: every category. */
  category: Category | null;
  /** Canonical type slugs of the category; null: every type. */
  types: readonly string[] | null;
  maxPriceCents: number | null;
  /** The normalised query and its words (search-sql.ts); null: no search. */
  search: SearchTerms | null;
  /** The dashboard's low-stock filter: only products with a variant at this stock or below. */
  lowStockAtMost?: number;
  /** Every product, only pre-orders, or only products that ship now and have stock. */
  availability?: Availability;
  sortBy: SortBy;
  limit: number;
  offset: number;
}

/** Runs a raw query; the rows come back the same way on PGlite and node-postgres. */
async function query<T>(db: Executor, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

/**
 * A product is a pre-order while its release date lies ahead in the shop's calendar
 * (decision 167): a date that has come reads as released, before the release upkeep clears it.
 */
const isPreorder = sql`p.release_date > shop_today()`;

const preorderColumns = sql`case when ${isPreorder} then to_char(p.release_date, 'YYYY-MM-DD') end
    as "releaseDate",
  case when ${isPreorder} then to_char(p.preorder_until, 'YYYY-MM-DD') end as "preorderUntil"`;

/** A product row's columns (ProductRow) of `products p`; read with PRODUCT_VARIANTS. */
export const PRODUCT_COLUMNS = sql`p.id, p.name, p.description, p.price_cents as "priceCents", p.category,
  p.image, p.image_width as "imageWidth", p.image_height as "imageHeight", p.genres,
  p.merch_type as "merchType", p.toy_type as "toyType",
  p.limit_per_customer as "limitPerCustomer",
  (extract(epoch from p.sale_starts_at) * 1000)::float8 as "saleStartsAtMs", ${preorderColumns}`;

/** A product's variants with their stock, as ProductRow's `variants`. */
export const PRODUCT_VARIANTS = sql`coalesce((select json_agg(json_build_object('variant', v.variant, 'stock', v.stock)
  order by v.position, v.variant) from product_variants v where v.product_id = p.id), '[]'::json)`;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function typeCondition(category: Category, types: readonly string[]): SQL {
  if (category === 'comics') return sql`p.genres && array[${list(types)}]::text[]`;
  if (category === 'toys') return sql`p.toy_type in (${list(types)})`;
  return sql`p.merch_type in (${list(types)})`;
}

/**
 * The readings of a query's words (`search_readings`, db/functions/search-words.sql), prepared:
 * the same text whatever the words, which go as one string (a word has no space).
 */
const readingsStatement = prepared((ex) =>
  ex
    .select({
      position: sql<number>`r.word_position`,
      word: sql<string>`r.word`,
      score: sql<number>`r.score`,
    })
    .from(sql`search_readings(${sql.placeholder('words')}::text) r`)
    .prepare('search_readings'),
);

/**
 * What the words of a search may stand for (search-sql.ts); none without a search, nor for a
 * query of short words only, which the database reads as typed (readInsideWords):
 * the search box's first letters cost no lookup.
 */
export async function readingsOf(db: Executor, search: SearchTerms | null): Promise<WordMatch[]> {
  if (!search?.words.some(readInsideWords)) return [];
  return readingsStatement(db).execute({ words: search.words.join(' ') });
}

/** Whether a product has a variant in stock, and ships now (a pre-order does not). */
const shipsNow = sql`(p.release_date is null or not ${isPreorder})
  and exists (select 1 from product_variants v where v.product_id = p.id and v.stock > 0)`;

/** Whether a product has a variant at `atMost` units of stock or fewer. */
const runsLow = (atMost: SQL | number) => sql`exists (select 1 from product_variants v
  where v.product_id = p.id and v.stock <= ${atMost})`;

/** The plain list's conditions: those the filter sets, each with its values. */
function where(f: ListFilter): SQL {
  const conditions: SQL[] = [];
  if (f.category) conditions.push(sql`p.category = ${f.category}`);
  if (f.category && f.types) conditions.push(typeCondition(f.category, f.types));
  if (f.maxPriceCents !== null) conditions.push(sql`p.price_cents <= ${f.maxPriceCents}`);
  if (f.availability === 'preorder') conditions.push(isPreorder);
  if (f.availability === 'in-stock') conditions.push(shipsNow);
  if (f.lowStockAtMost !== undefined) conditions.push(runsLow(f.lowStockAtMost));
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * A search's conditions: its words, and every condition of the filter, one the filter does not
 * set switched off by a null value. The text is then the same for every search of as many
 * words (searchMatch), prepared once a connection and planned once (decision 190); its values
 * are searchFilterValues' and searchValues'. The trigram index finds the candidates; these
 * conditions only filter them.
 */
function searchWhere(words: number): SQL {
  const category = unseen('category', 'text');
  // (Cast again where `any` takes it: `any ((select …))` would read it as a set of rows.)
  const types = unseen('types', 'text[]');
  const maxPrice = unseen('max_price', 'int');
  const availability = unseen('availability', 'text');
  const low = unseen('low_stock', 'int');
  return sql`where ${searchMatch(words)}
    and (${category} is null or p.category = ${category})
    and (${types} is null or case p.category when 'comics' then p.genres && ${types}
      when 'toys' then p.toy_type = any (${types}::text[])
      else p.merch_type = any (${types}::text[]) end)
    and (${maxPrice} is null or p.price_cents <= ${maxPrice})
    and (${availability} is null
      or (${availability} = 'preorder' and ${isPreorder})
      or (${availability} = 'in-stock' and ${shipsNow}))
    and (${low} is null or ${runsLow(low)})`;
}

/** The values of searchWhere's placeholders for a search's filter, its query and readings. */
function searchFilterValues(f: ListFilter, search: SearchTerms, readings: readonly WordMatch[]) {
  return {
    ...searchValues(search, readings),
    category: f.category,
    types: f.category && f.types ? [...f.types] : null,
    max_price: f.maxPriceCents,
    availability: f.availability === 'all' ? null : (f.availability ?? null),
    low_stock: f.lowStockAtMost ?? null,
    limit: f.limit,
    offset: f.offset,
  };
}

/**
 * The search statements kept prepared on each connection, with their plans: those of up to
 * three words, what shoppers type nearly always. Each takes some hundreds of kilobytes of a
 * connection's memory, more with each word; a search of more words is planned each time.
 */
export const KEPT_SEARCH_WORDS = 3;

const keptShape = (words: number, name: string) => (words <= KEPT_SEARCH_WORDS ? name : null);

/** Popular: units sold, then newest; price sorts tie-break by name; a search ranks first. */
function orderBy(f: ListFilter, rank: SQL): SQL {
  switch (f.sortBy) {
    case 'price-low':
      return sql`p.price_cents asc, p.name asc, p.id asc`;
    case 'price-high':
      return sql`p.price_cents desc, p.name asc, p.id asc`;
    default:
      return sql`${f.search ? sql`${rank} desc, ` : sql``}p.units_sold desc, p.created_at desc, p.id asc`;
  }
}

/**
 * One page of the shop and the number of products that match the whole filter: one
 * statement, and for a search one more before it that reads its words' readings.
 */
export async function listProducts(
  db: Executor,
  f: ListFilter,
): Promise<{ rows: ProductRow[]; total: number }> {
  if (f.search) return searchProducts(db, f, f.search);
  // A plain filter reads its page off an index and counts with an index-only scan.
  const rows = await query<ProductRow & { total: number }>(
    db,
    sql`
    with page as (
      select p.*, (select count(*)::int from products p ${where(f)}) as total
      from products p
      ${where(f)}
      order by ${orderBy(f, sql`0`)}
      limit ${f.limit} offset ${f.offset}
    )
    select ${PRODUCT_COLUMNS}, p.total, ${PRODUCT_VARIANTS} as variants
    from page p
    order by ${orderBy(f, sql`0`)}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/**
 * A search has to score every match anyway, so it counts them on the way. Only the matches'
 * sort keys and rank go through the count and the sort (`offset 0` keeps the planner from
 * carrying their texts there), and the page's products are read by id.
 */
export function searchStatement(
  f: ListFilter,
  search: SearchTerms,
  readings: readonly WordMatch[],
): Shaped {
  const words = search.words.length;
  return {
    name: keptShape(words, `search_list_${words}_${f.sortBy}`),
    build: () => sql`
    with matched as (
      select p.id, p.units_sold, p.created_at, p.price_cents, p.name,
        ${searchRank(words)} as search_rank
      from products p
      ${searchWhere(words)}
      offset 0
    ), page as (
      select p.id, p.search_rank, (count(*) over ())::int as total
      from matched p
      order by ${orderBy(f, sql`p.search_rank`)}
      limit ${unseen('limit', 'int')} offset ${unseen('offset', 'int')}
    )
    select ${PRODUCT_COLUMNS}, page.total, ${PRODUCT_VARIANTS} as variants
    from page join products p on p.id = page.id
    order by ${orderBy(f, sql`page.search_rank`)}`,
    values: searchFilterValues(f, search, readings),
  };
}

async function searchProducts(
  db: Executor,
  f: ListFilter,
  search: SearchTerms,
): Promise<{ rows: ProductRow[]; total: number }> {
  const readings = await readingsOf(db, search);
  const rows = await runShaped<ProductRow & { total: number }>(
    db,
    searchStatement(f, search, readings),
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** How many products match; needed only when a page past the end came back empty. */
export async function countProducts(db: Executor, f: ListFilter): Promise<number> {
  const count = sql`select count(*)::int as total from products p`;
  if (!f.search) return (await query<{ total: number }>(db, sql`${count} ${where(f)}`))[0]!.total;
  const readings = await readingsOf(db, f.search);
  const words = f.search.words.length;
  const rows = await runShaped<{ total: number }>(db, {
    // Asked only for a page past the end: not kept.
    name: null,
    build: () => sql`${count} ${searchWhere(words)}`,
    values: searchFilterValues(f, f.search, readings),
  });
  return rows[0]!.total;
}

/** A product with its variants, by productID or (for verifyStock) by exact name. */
export async function findProduct(
  db: Executor,
  key: { id: string } | { idOrName: string },
): Promise<ProductRow | undefined> {
  const condition =
    'id' in key
      ? sql`p.id = ${key.id}`
      : sql`(p.id = ${key.idOrName.toUpperCase()} or lower(p.name) = lower(${key.idOrName}))`;
  const rows = await query<ProductRow>(
    db,
    sql`
    select ${PRODUCT_COLUMNS}, ${PRODUCT_VARIANTS} as variants
    from products p
    where ${condition}
    order by (p.id = ${'id' in key ? key.id : key.idOrName.toUpperCase()}) desc, p.created_at asc
    limit 1`,
  );
  return rows[0];
}

export type SuggestionRow = Omit<
  ProductRow,
  | 'description'
  | 'genres'
  | 'variants'
  | 'limitPerCustomer'
  | 'saleStartsAtMs'
  | 'releaseDate'
  | 'preorderUntil'
>;

/**
 * The coming releases, earliest first (then by name), at most `limit`: the pre-orders read off
 * products_release_idx.
 */
export async function listReleases(db: Executor, limit: number): Promise<ProductRow[]> {
  return query<ProductRow>(
    db,
    sql`
    select ${PRODUCT_COLUMNS}, ${PRODUCT_VARIANTS} as variants
    from products p
    where p.release_date is not null and ${isPreorder}
    order by p.release_date, p.name, p.id
    limit ${limit}`,
  );
}

/** The best matches of a search across every category, for the search box. */
export async function suggestProducts(
  db: Executor,
  search: SearchTerms,
  limit: number,
): Promise<SuggestionRow[]> {
  const readings = await readingsOf(db, search);
  const words = search.words.length;
  return runShaped<SuggestionRow>(db, {
    name: keptShape(words, `search_suggest_${words}`),
    build: () => sql`
    select p.id, p.name, p.price_cents as "priceCents", p.category, p.image,
      p.image_width as "imageWidth", p.image_height as "imageHeight",
      p.merch_type as "merchType", p.toy_type as "toyType"
    from products p
    where ${searchMatch(words)}
    order by ${searchRank(words)} desc, p.units_sold desc, p.created_at desc, p.id asc
    limit ${unseen('limit', 'int')}`,
    values: { ...searchValues(search, readings), limit },
  });
}
