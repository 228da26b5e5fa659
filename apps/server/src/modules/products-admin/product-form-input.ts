/**
 * Turns the multipart product form of spec §7 into the shared form values, accepting the
 * shapes real clients send: lists as a JSON array, repeated fields or comma-separated text;
 * stock as JSON (a number, or counts per volume or size).
 */
import {
  DASHBOARD_RULES,
  GENRES,
  normaliseVolumes,
  parsePlainDecimal,
  type Category,
  type ProductFormValues,
} from '@otaku/shared';
import { badRequest } from '../../lib/errors';
import { fieldValue, type MultipartForm } from '../media/image-upload';

function listField(form: MultipartForm, name: string): string[] {
  const values = form.fields[name] ?? form.fields[`${name}[]`] ?? [];
  const items = values.flatMap((value) => {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed.map((v) => String(v));
      } catch {
        // not JSON after all: read it as comma-separated text
      }
    }
    return text.split(',');
  });
  return items.map((v) => v.trim()).filter(Boolean);
}

/** A genre slug from a slug or its label ("Action" -> "action"). */
function genreSlug(value: string): string {
  const lower = value.toLowerCase();
  return GENRES.find((g) => g.slug === lower || g.label.toLowerCase() === lower)?.slug ?? value;
}

function stockField(raw: string | undefined, category: string): Record<string, string> {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(DASHBOARD_RULES.stockInvalidJson, 'stock');
  }
  if (typeof parsed === 'number' || typeof parsed === 'string') return { '': String(parsed) };
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw badRequest(DASHBOARD_RULES.stockInvalidJson, 'stock');
  const entries = Object.entries(parsed as Record<string, unknown>).map(
    ([key, value]) => [key.trim(), value === null ? '' : String(value)] as const,
  );
  // A toy has one stock; accept it under any single key ({"stock": 4}) as well as a number.
  if (category === 'toys' && entries.length === 1 && entries[0]) return { '': entries[0][1] };
  return Object.fromEntries(
    entries.map(([key, value]) => [category === 'comics' ? key.replace(/^v/, 'V') : key, value]),
  );
}

/** The largest count a stock column holds. */
const INT_MAX = 2_147_483_647;

/**
 * `stockSeen` of an edit (decision 110): the counts the form was opened with, by variant, so
 * the save can apply the change the staff member made rather than overwrite what shoppers
 * reserved or bought meanwhile. Absent when the client does not send it.
 */
export function stockSeenField(
  form: MultipartForm,
  category: ProductFormValues['category'],
): Map<string, number> | undefined {
  const raw = fieldValue(form, 'stockSeen');
  if (raw === undefined) return undefined;
  const seen = new Map<string, number>();
  for (const [variant, count] of Object.entries(stockField(raw, category))) {
    const n = parsePlainDecimal(count);
    if (n === undefined || !Number.isInteger(n) || n < 0 || n > INT_MAX)
      throw badRequest(DASHBOARD_RULES.stockInvalidJson, 'stockSeen');
    seen.set(variant, n);
  }
  return seen;
}

export function toFormValues(form: MultipartForm): ProductFormValues {
  const text = (name: string) => fieldValue(form, name) ?? '';
  const category = text('category').trim().toLowerCase();
  return {
    productID: text('productID').trim(),
    name: text('name'),
    description: text('description'),
    price: text('price'),
    category: category as Category | '',
    genres: listField(form, 'genres').map(genreSlug),
    volumes: normaliseVolumes(listField(form, 'volumes').join(',')),
    sizes: [
      ...new Set(
        [...listField(form, 'sizes'), ...listField(form, 'availableSizes')].map((s) =>
          s.toUpperCase(),
        ),
      ),
    ],
    merchType: text('merchType').trim().toLowerCase(),
    toyType: text('toyType').trim().toLowerCase(),
    stock: stockField(fieldValue(form, 'stock'), category),
    hasImage: form.image !== undefined,
    ...(form.fields.limitPerCustomer === undefined
      ? {}
      : { limitPerCustomer: text('limitPerCustomer') }),
    ...(form.fields.saleStartsAt === undefined ? {} : { saleStartsAt: text('saleStartsAt') }),
    // Pre-order dates (decision 167): absent keeps the product's, '' clears.
    ...(form.fields.releaseDate === undefined ? {} : { releaseDate: text('releaseDate') }),
    ...(form.fields.preorderUntil === undefined ? {} : { preorderUntil: text('preorderUntil') }),
  };
}
