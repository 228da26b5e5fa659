/**
 * The product form's rules (spec §5), written once: the dashboard form checks them on every
 * change (through productFormSchema) and the server checks them again on create and update.
 */
import { z } from './zod';
import { CATEGORIES, GENRES, MERCH_TYPES, SIZES, TOY_TYPES, VOLUME_PATTERN } from './catalog';
import type { Category } from './catalog';
import {
  LIMIT_PER_CUSTOMER_MAX,
  PRICE_MAX_CENTS,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  STOCK_MAX,
  VARIANT_MAX_LENGTH,
} from './constants';
import { DASHBOARD_RULES } from './dashboard-messages';
import { dateFieldValue } from './date-field';
import { INPUT_RULES, PRODUCT_FORM } from './messages';
import { checkPreorderDates } from './preorders';
import { checkSaleStartsAt, fromLocalDateTime } from './sale-start';
import { decimalPlaces, hasControlCharacters, parsePlainDecimal, typedLength } from './text-rules';

/** What the form holds, as text, the way a person typed it. */
export interface ProductFormValues {
  productID: string;
  name: string;
  description: string;
  price: string;
  category: Category | '';
  genres: string[];
  /** Comic volumes as typed, e.g. "V1, v2". */
  volumes: string;
  sizes: string[];
  merchType: string;
  toyType: string;
  /** Stock per volume or size; the key '' holds a single stock (toys). */
  stock: Record<string, string>;
  hasImage: boolean;
  /**
   * Units one customer may have of the product, cart and orders together, as typed; '' for
   * none. Absent (a client that does not send it): an edit keeps the product's limit.
   */
  limitPerCustomer?: string;
  /**
   * When the product goes on sale, an ISO instant with its time zone, as sent; '' for none.
   * Absent: an edit keeps the product's. In the dashboard's form fields (ProductFormFields),
   * its date and time as yyyy-mm-ddThh:mm in the staff member's own zone.
   */
  saleStartsAt?: string;
  /**
   * A pre-order's release date (decision 167) as typed (dd-mm-yyyy or yyyy-mm-dd); '' for an
   * ordinary product. Absent (a client that does not send it): an edit keeps the product's.
   */
  releaseDate?: string;
  /** The last day a pre-order may be placed, as typed; '' for none; absent: kept. */
  preorderUntil?: string;
}

export type ProductFormMode = 'create' | 'edit';
export type ProductFormErrors = Partial<Record<string, string>>;

export interface ProductPayload {
  name: string;
  description: string;
  priceCents: number;
  category: Category;
  genres: string[];
  merchType: string | null;
  toyType: string | null;
  /** In form order; variant '' is the single stock of a toy. */
  variants: { variant: string; stock: number }[];
  /** Null: no limit per customer; absent: an edit keeps the product's. */
  limitPerCustomer?: number | null;
  /** ISO instant; null: on sale at once; absent: an edit keeps the product's. */
  saleStartsAt?: string | null;
  /** yyyy-mm-dd; null: not a pre-order; absent: an edit keeps the product's. */
  releaseDate?: string | null;
  /** yyyy-mm-dd; null: no last pre-order day; absent: an edit keeps the product's. */
  preorderUntil?: string | null;
}

export const emptyProductForm = (): ProductFormValues => ({
  productID: '',
  name: '',
  description: '',
  price: '',
  category: '',
  genres: [],
  volumes: '',
  sizes: [],
  merchType: '',
  toyType: '',
  stock: {},
  hasImage: false,
  limitPerCustomer: '',
  saleStartsAt: '',
  releaseDate: '',
  preorderUntil: '',
});

/** Splits the volumes text into its entries (empty ones dropped, not yet normalised). */
export function splitVolumes(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A volume as it is saved: a leading lower-case v made upper-case ("v2" -> "V2"). */
const volumeOf = (entry: string) => entry.replace(/^v/, 'V');

/** On blur: entries trimmed and a leading lower-case v made upper-case ("v2 " -> "V2"). */
export function normaliseVolumes(text: string): string {
  return splitVolumes(text).map(volumeOf).join(', ');
}

/** The variants the stock is entered for: volumes, sizes in size order, or one ''. */
export function stockKeys(values: Pick<ProductFormValues, 'category' | 'volumes' | 'sizes'>) {
  switch (values.category) {
    case 'comics':
      // One field per volume, however often and in whatever case it was typed.
      return [...new Set(splitVolumes(values.volumes).map(volumeOf))].filter((v) =>
        VOLUME_PATTERN.test(v),
      );
    case 'clothes':
    case 'shoes':
      return SIZES.filter((s) => values.sizes.includes(s));
    case 'toys':
      return [''];
    default:
      return [];
  }
}

/** A stock count as typed: a plain whole number from 0 to STOCK_MAX, or the message why not. */
export function checkStock(raw: string | undefined, missing: string): string | number {
  const text = (raw ?? '').trim();
  if (text === '') return missing;
  const n = parsePlainDecimal(text);
  if (n === undefined) return PRODUCT_FORM.notANumber;
  if (n < 0) return PRODUCT_FORM.stockNegative;
  if (!Number.isInteger(n)) return DASHBOARD_RULES.stockNotWhole;
  if (n > STOCK_MAX) return DASHBOARD_RULES.stockTooHigh;
  return n;
}

/** A limit per customer as typed: null for none (empty), a whole number from 1, or why not. */
export function checkLimitPerCustomer(raw: string): string | number | null {
  const text = raw.trim();
  if (text === '') return null;
  const n = parsePlainDecimal(text);
  if (n === undefined) return DASHBOARD_RULES.limitNotANumber;
  if (n < 1) return DASHBOARD_RULES.limitTooLow;
  if (n > LIMIT_PER_CUSTOMER_MAX) return DASHBOARD_RULES.limitTooHigh;
  if (!Number.isInteger(n)) return DASHBOARD_RULES.limitNotWhole;
  return n;
}

/** A price as typed, in dollars: a plain decimal of whole cents from $0.01 to the maximum. */
export function checkPrice(raw: string): string | number {
  const text = raw.trim();
  if (text === '') return PRODUCT_FORM.priceRequired;
  const dollars = parsePlainDecimal(text);
  if (dollars === undefined) return DASHBOARD_RULES.priceInvalid;
  if (decimalPlaces(text) > 2) return DASHBOARD_RULES.priceDecimals;
  const cents = Math.round(dollars * 100);
  if (cents < 1) return DASHBOARD_RULES.priceTooLow;
  if (cents > PRICE_MAX_CENTS) return DASHBOARD_RULES.priceTooHigh;
  return cents;
}

function checkName(name: string): string | undefined {
  const text = name.trim();
  if (!text) return PRODUCT_FORM.nameRequired;
  if (text.length > PRODUCT_NAME_MAX_LENGTH) return DASHBOARD_RULES.nameTooLong;
  if (hasControlCharacters(text)) return INPUT_RULES.controlCharacters('Product name');
  return undefined;
}

function checkDescription(description: string): string | undefined {
  const text = description.trim();
  if (!text) return PRODUCT_FORM.descriptionRequired;
  if (typedLength(text) > PRODUCT_DESCRIPTION_MAX_LENGTH) return DASHBOARD_RULES.descriptionTooLong;
  if (hasControlCharacters(text, true)) return INPUT_RULES.controlCharacters('Description');
  return undefined;
}

function checkVolumes(text: string, errors: ProductFormErrors) {
  // Read as they will be saved: "v2" is V2 (and so the same volume as "V2").
  const entries = splitVolumes(text).map(volumeOf);
  if (entries.length === 0) return void (errors.volumes = PRODUCT_FORM.volumesRequired);
  const bad = entries.find((v) => !VOLUME_PATTERN.test(v));
  if (bad !== undefined) return void (errors.volumes = PRODUCT_FORM.volumeFormat(bad));
  const long = entries.find((v) => v.length > VARIANT_MAX_LENGTH);
  if (long !== undefined) return void (errors.volumes = DASHBOARD_RULES.volumeTooLong(long));
  if (new Set(entries).size !== entries.length) errors.volumes = PRODUCT_FORM.volumeDuplicate;
}

function checkTypes(v: ProductFormValues, errors: ProductFormErrors) {
  if (v.category === 'comics') {
    const bad = v.genres.find((g) => !GENRES.some((x) => x.slug === g));
    if (bad !== undefined) errors.genres = DASHBOARD_RULES.genreInvalid(bad);
    checkVolumes(v.volumes, errors);
  } else if (v.category === 'clothes' || v.category === 'shoes') {
    if (!v.merchType) errors.merchType = PRODUCT_FORM.merchTypeRequired;
    else if (!MERCH_TYPES[v.category].some((t) => t.slug === v.merchType))
      errors.merchType = DASHBOARD_RULES.merchTypeInvalid;
    const bad = v.sizes.find((s) => !(SIZES as readonly string[]).includes(s));
    if (bad !== undefined) errors.sizes = DASHBOARD_RULES.sizeInvalid(bad);
    else if (v.sizes.length === 0) errors.sizes = DASHBOARD_RULES.sizesRequired;
  } else if (v.category === 'toys') {
    if (!v.toyType) errors.toyType = PRODUCT_FORM.toyTypeRequired;
    else if (!TOY_TYPES.some((t) => t.slug === v.toyType))
      errors.toyType = DASHBOARD_RULES.toyTypeInvalid;
  }
}

/**
 * Every rule of the form; an empty object means the values can be saved. With `today` (the
 * shop's, yyyy-mm-dd), a release date must also lie ahead: the form passes it when the date was
 * changed, the server checks it against the product as stored.
 */
export function checkProductForm(
  v: ProductFormValues,
  mode: ProductFormMode,
  options: { today?: string } = {},
): ProductFormErrors {
  const errors: ProductFormErrors = {};
  if (mode === 'edit' && !v.productID.trim()) errors.productID = PRODUCT_FORM.productIdRequired;
  const name = checkName(v.name);
  if (name) errors.name = name;
  const description = checkDescription(v.description);
  if (description) errors.description = description;
  const price = checkPrice(v.price);
  if (typeof price === 'string') errors.price = price;
  if (!v.category) errors.category = PRODUCT_FORM.categoryRequired;
  else if (!(CATEGORIES as readonly string[]).includes(v.category))
    errors.category = DASHBOARD_RULES.categoryInvalid;
  if (mode === 'create' && !v.hasImage) errors.image = PRODUCT_FORM.imageRequired;
  checkTypes(v, errors);
  const limit = checkLimitPerCustomer(v.limitPerCustomer ?? '');
  if (typeof limit === 'string') errors.limitPerCustomer = limit;
  const saleStart = checkSaleStartsAt(v.saleStartsAt ?? '');
  if (typeof saleStart === 'string') errors.saleStartsAt = saleStart;
  Object.assign(
    errors,
    checkPreorderDates(
      dateFieldValue(v.releaseDate ?? ''),
      dateFieldValue(v.preorderUntil ?? ''),
      options.today,
    ),
  );
  if (!errors.volumes)
    for (const key of stockKeys(v)) {
      const missing =
        v.category === 'comics'
          ? PRODUCT_FORM.volumeStockRequired(key)
          : v.category === 'toys'
            ? PRODUCT_FORM.stockRequired
            : PRODUCT_FORM.sizeStockRequired(key);
      const result = checkStock(v.stock[key], missing);
      if (typeof result === 'string') errors[`stock.${key}`] = result;
    }
  return errors;
}

/** One row of the form's stock: a volume, a size or '' (a single stock), and its count as typed. */
export interface StockRow {
  variant: string;
  stock: string;
}

/**
 * The values as the dashboard's form holds them: the stock as one row per variant of
 * stockKeys, in its order, and the picture chosen to upload (null for none; an edit keeps the
 * product's), in place of hasImage.
 */
export interface ProductFormFields<Picture = unknown> extends Omit<
  ProductFormValues,
  'stock' | 'hasImage'
> {
  variants: StockRow[];
  image: Picture | null;
}

/** The form's fields as the rules read them. */
export function fromProductFormFields({
  variants,
  image,
  ...values
}: ProductFormFields): ProductFormValues {
  const stock = Object.fromEntries(variants.map((row) => [row.variant, row.stock]));
  const saleStart =
    values.saleStartsAt === undefined
      ? {}
      : { saleStartsAt: fromLocalDateTime(values.saleStartsAt) };
  return { ...values, ...saleStart, stock, hasImage: image !== null };
}

/**
 * checkProductForm as a schema, for the dashboard form's resolver: each message on the field it
 * speaks of, and a variant's stock on that variant's row.
 */
export function productFormSchema<Picture>(
  mode: ProductFormMode,
  options: { today?: string } = {},
) {
  return z.custom<ProductFormFields<Picture>>().superRefine((fields, ctx) => {
    const errors = checkProductForm(fromProductFormFields(fields), mode, options);
    for (const [key, message] of Object.entries(errors)) {
      if (!key.startsWith('stock.')) {
        ctx.addIssue({ code: 'custom', message, path: [key] });
        continue;
      }
      const row = fields.variants.findIndex((r) => r.variant === key.slice('stock.'.length));
      // A variant without its row (never, while the rows follow stockKeys) speaks on them all.
      const path = row < 0 ? ['variants'] : ['variants', row, 'stock'];
      ctx.addIssue({ code: 'custom', message, path });
    }
  });
}

/** The values as the server stores them; call only when checkProductForm found nothing. */
export function toProductPayload(v: ProductFormValues): ProductPayload {
  const category = v.category as Category;
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    priceCents: checkPrice(v.price) as number,
    category,
    genres: category === 'comics' ? [...new Set(v.genres)] : [],
    merchType: category === 'clothes' || category === 'shoes' ? v.merchType : null,
    toyType: category === 'toys' ? v.toyType : null,
    variants: stockKeys(v).map((variant) => ({
      variant,
      stock: Number((v.stock[variant] ?? '').trim()),
    })),
    ...(v.limitPerCustomer === undefined
      ? {}
      : { limitPerCustomer: checkLimitPerCustomer(v.limitPerCustomer) as number | null }),
    ...(v.saleStartsAt === undefined
      ? {}
      : {
          saleStartsAt: (checkSaleStartsAt(v.saleStartsAt) as Date | null)?.toISOString() ?? null,
        }),
    ...(v.releaseDate === undefined ? {} : { releaseDate: dateOrNull(v.releaseDate) }),
    ...(v.preorderUntil === undefined ? {} : { preorderUntil: dateOrNull(v.preorderUntil) }),
  };
}

/** A date field's value as stored: yyyy-mm-dd, or null when it was left empty. */
function dateOrNull(typed: string): string | null {
  const value = dateFieldValue(typed);
  return value === '' ? null : value;
}
