/**
 * The product as the API speaks it (spec §3 "Product"): dollars, both image sizes, and stock
 * as a map from volume or size to count, or one number for single-stock products.
 */
import { productImage, SIZES, toDollars, type Product, type SearchSuggestion } from '@otaku/shared';
import type { ImageUrl } from '../../lib/image-urls';
import type { ProductRow, SuggestionRow, VariantRow } from './catalog.repo';

const volumeNumber = (v: string) => Number(v.replace(/^\D+/, '')) || 0;
const sizeIndex = (s: string) => {
  const i = (SIZES as readonly string[]).indexOf(s);
  return i === -1 ? SIZES.length : i;
};

/** Volumes by number (V2 before V10), sizes from XS to XXL. */
export function sortVariants(category: ProductRow['category'], variants: VariantRow[]) {
  const key = category === 'comics' ? volumeNumber : sizeIndex;
  return [...variants].sort((a, b) => key(a.variant) - key(b.variant));
}

export function toProductDto(row: ProductRow, imageUrl: ImageUrl): Product {
  const variants = sortVariants(row.category, row.variants).filter((v) => v.variant !== '');
  const single = row.variants.find((v) => v.variant === '');
  const hasVariants = row.category !== 'toys' && variants.length > 0;
  const stock = hasVariants
    ? Object.fromEntries(variants.map((v) => [v.variant, v.stock]))
    : (single?.stock ?? 0);
  const names = variants.map((v) => v.variant);
  const images = productImage(imageUrl(row.image), row.imageWidth, row.imageHeight);
  return {
    _id: row.id,
    productID: row.id,
    name: row.name,
    description: row.description,
    price: toDollars(row.priceCents),
    category: row.category,
    image: images.large,
    images,
    genres: row.genres,
    volumes: row.category === 'comics' ? names : [],
    sizes: row.category === 'clothes' || row.category === 'shoes' ? names : [],
    merchType: row.merchType,
    toyType: row.toyType,
    stock,
    inStock: hasVariants ? variants.some((v) => v.stock > 0) : (single?.stock ?? 0) > 0,
    limitPerCustomer: row.limitPerCustomer,
    saleStartsAt:
      row.saleStartsAtMs === null ? null : new Date(Math.round(row.saleStartsAtMs)).toISOString(),
    // Only on a pre-order (decision 167): an ordinary product keeps the shape it always had.
    ...(row.releaseDate === null
      ? {}
      : { releaseDate: row.releaseDate, preorderUntil: row.preorderUntil }),
  };
}

export function toSuggestionDto(row: SuggestionRow, imageUrl: ImageUrl): SearchSuggestion {
  const images = productImage(imageUrl(row.image), row.imageWidth, row.imageHeight);
  return {
    productID: row.id,
    name: row.name,
    image: images.small,
    images,
    price: toDollars(row.priceCents),
    category: row.category,
  };
}
