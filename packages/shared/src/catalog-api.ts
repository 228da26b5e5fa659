/**
 * Requests and responses of the product and search calls (spec §7 "Products and search",
 * DESIGN.md §4), used by the server routes and the shop pages alike.
 */
import { z } from './zod';
import { ALL_TYPES, CATEGORIES, CATEGORY_TYPES, SORTS, type Category } from './catalog';
import {
  DEFAULT_CATEGORY,
  DEFAULT_PAGE,
  MAX_PAGE,
  PRICE_FILTER_MAX,
  PRICE_FILTER_MIN,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  VARIANT_MAX_LENGTH,
} from './constants';
import { VALIDATION } from './messages';
import { AVAILABILITY_VALUES, PREORDER_RULES } from './preorders';
import { requiredString } from './text-rules';

const SORT_VALUES = SORTS.map((s) => s.value) as [SortValue, ...SortValue[]];
type SortValue = (typeof SORTS)[number]['value'];

/** A number, or a string holding one (URL parameters arrive as strings). */
const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema);

/** '' (no search) or at least 2 characters, trimmed. */
export const searchQuerySchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH)
  .refine((q) => q === '' || q.length >= SEARCH_MIN_LENGTH, VALIDATION.searchTooShort);

/**
 * The shop's filter (spec §3 "Shop filter state"): category lower-cased, productTypes the
 * canonical slugs of that category or ['all'], price a maximum in dollars (0 = no limit).
 */
export const productConstraintsSchema = z
  .object({
    category: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(CATEGORIES))
      .default(DEFAULT_CATEGORY as Category),
    productTypes: z
      .array(z.string().trim().toLowerCase())
      .max(20)
      .transform((types) => (types.length === 0 ? [ALL_TYPES] : [...new Set(types)]))
      .default([ALL_TYPES]),
    price: numeric(z.number().min(PRICE_FILTER_MIN).max(PRICE_FILTER_MAX)).default(0),
    sortBy: z.enum(SORT_VALUES).default('popular'),
    page: numeric(z.number().int().min(1).max(MAX_PAGE)).default(DEFAULT_PAGE),
    searchQuery: searchQuerySchema.default(''),
    /**
     * Every product (absent, or 'all'), only pre-orders, or only products that ship now
     * (decision 167). Left out rather than defaulted, so the shop's usual answers keep their
     * constraints (and cache keys) as they were.
     */
    availability: z
      .enum(AVAILABILITY_VALUES, { error: PREORDER_RULES.availabilityInvalid })
      .optional(),
  })
  .superRefine((c, ctx) => {
    const types = c.productTypes;
    if (types.length === 1 && types[0] === ALL_TYPES) return;
    const allowed = CATEGORY_TYPES[c.category].map((t) => t.slug);
    const wrong = types.find((t) => !allowed.includes(t));
    if (wrong !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['productTypes'],
        message: `must be ['${ALL_TYPES}'] or types of ${c.category}: ${allowed.join(', ')}`,
      });
    }
  });
export type ProductConstraints = z.output<typeof productConstraintsSchema>;
export type ProductConstraintsInput = z.input<typeof productConstraintsSchema>;

/** GET /api/product/getProducts?productConstraints=<json>; absent means every default. */
export const getProductsQuerySchema = z.object({
  productConstraints: z
    .string()
    .max(2_000)
    .describe(
      'JSON object { category, productTypes, price, sortBy, page, searchQuery, availability }; each optional',
    )
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return {};
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(productConstraintsSchema),
});

/** Both WebP sizes of a product image, with the intrinsic size so pages do not shift. */
export const productImageSchema = z.object({
  /** 400 px wide. */
  small: z.string(),
  /** 800 px wide. */
  large: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/**
 * Turns a stored image into its two URLs. A base path (`/uploads/products/<id>`) gets the
 * `-400.webp` / `-800.webp` suffixes; anything that already names a file is used for both.
 */
export function productImage(base: string, width: number, height: number): ProductImage {
  return { ...productImageUrls(base), width, height };
}

/** The two URLs of a stored image (see productImage). */
export function productImageUrls(base: string): Pick<ProductImage, 'small' | 'large'> {
  if (/\.[a-z0-9]{3,4}$/i.test(base)) return { small: base, large: base };
  return { small: `${base}-400.webp`, large: `${base}-800.webp` };
}

/** Per-variant stock: volume → count (comics), size → count (clothes, shoes), a number (toys). */
export const productStockSchema = z.union([z.number().int(), z.record(z.string(), z.number())]);
export type ProductStock = z.infer<typeof productStockSchema>;

export const productSchema = z.object({
  _id: z.string(),
  productID: z.string(),
  name: z.string(),
  description: z.string(),
  /** Dollars with two decimals. */
  price: z.number(),
  category: z.enum(CATEGORIES),
  /** The picture's URL (its large size), a string that loads, as every answer has it (spec §3). */
  image: z.string(),
  /** The picture's sizes for responsive pages (DESIGN.md §4). */
  images: productImageSchema,
  genres: z.array(z.string()),
  /** Comics: the volumes in order; empty otherwise. */
  volumes: z.array(z.string()),
  /** Clothes and shoes: the sizes in order; empty otherwise. */
  sizes: z.array(z.string()),
  merchType: z.string().nullable(),
  toyType: z.string().nullable(),
  stock: productStockSchema,
  inStock: z.boolean(),
  /**
   * Units of the product, all variants together, one customer may have in their cart and
   * orders (decision 140); null: only the cart's general ceilings.
   */
  limitPerCustomer: z.number().int().nullable(),
  /**
   * When the product goes on sale (ISO instant, a limited drop, decision 166); null: on sale.
   * The instant, not whether it has passed: a cached answer stays true, and the page counts.
   */
  saleStartsAt: z.string().nullable(),
  /**
   * A pre-order's release date (yyyy-mm-dd, the shop's calendar, decision 167) while it lies
   * ahead; null (or absent, from an older server) for a product that ships now.
   */
  releaseDate: z.string().nullish(),
  /** The last day a pre-order may be placed (yyyy-mm-dd); null: until the release. */
  preorderUntil: z.string().nullish(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/product/releases: the coming releases, by month, earliest first (/releases). */
export const releasesResponseSchema = z.object({
  success: z.literal(true),
  months: z.array(
    z.object({
      /** yyyy-mm */
      month: z.string(),
      /** "March 2027" */
      label: z.string(),
      products: z.array(productSchema),
    }),
  ),
});
export type ReleasesResponse = z.infer<typeof releasesResponseSchema>;

export const getProductsResponseSchema = z.object({
  success: z.literal(true),
  currPageProducts: z.array(productSchema),
  totalPages: z.number().int(),
  totalProducts: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** 'all' when a search query made the search span every category (types are ignored then). */
  scope: z.enum(['category', 'all']),
  message: z.string(),
});
export type GetProductsResponse = z.infer<typeof getProductsResponseSchema>;

export const productParamsSchema = z.object({ productID: z.string().trim().min(1).max(40) });

export const getProductResponseSchema = z.object({
  success: z.literal(true),
  product: productSchema,
});
export type GetProductResponse = z.infer<typeof getProductResponseSchema>;

/** GET /api/search/products?data=<text>: the search box's suggestions. */
export const searchSuggestionsQuerySchema = z.object({
  data: requiredString(VALIDATION.searchTooShort).pipe(searchQuerySchema),
});

export const searchSuggestionSchema = z.object({
  productID: z.string(),
  name: z.string(),
  /** The picture's URL (its small size): a string that loads. */
  image: z.string(),
  images: productImageSchema,
  price: z.number(),
  category: z.enum(CATEGORIES),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const searchSuggestionsResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(searchSuggestionSchema),
});
export type SearchSuggestionsResponse = z.infer<typeof searchSuggestionsResponseSchema>;

/**
 * GET /api/product/verifyStock?itemName&selectedVariant&itemQuantity (spec §7). itemName is
 * the product's productID (a product's exact name is accepted too).
 */
export const verifyStockQuerySchema = z.object({
  itemName: z.string().trim().min(1).max(200),
  selectedVariant: z.string().trim().max(VARIANT_MAX_LENGTH).optional().default(''),
  itemQuantity: numeric(z.number().int().min(1).max(999)).default(1),
});
export type VerifyStockQuery = z.input<typeof verifyStockQuerySchema>;

export const verifyStockResponseSchema = z.object({
  success: z.literal(true),
  productID: z.string(),
  variant: z.string(),
  /** Units that can still be added to a cart. */
  stock: z.number().int(),
  /** Whether itemQuantity units are available. */
  inStock: z.boolean(),
  message: z.string(),
});
export type VerifyStockResponse = z.infer<typeof verifyStockResponseSchema>;
