/** Categories, canonical product types, sizes and sorts (spec §3, DESIGN.md §4). */

export const CATEGORIES = ['comics', 'clothes', 'shoes', 'toys'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  comics: 'Comics',
  clothes: 'Clothes',
  shoes: 'Shoes',
  toys: 'Toys',
};

/** Comic genres. */
export const GENRES = [
  { slug: 'action', label: 'Action' },
  { slug: 'adventure', label: 'Adventure' },
  { slug: 'comedy', label: 'Comedy' },
  { slug: 'drama', label: 'Drama' },
  { slug: 'fantasy', label: 'Fantasy' },
] as const;
export type Genre = (typeof GENRES)[number]['slug'];

/** Merchandise types of clothes and shoes. */
export const MERCH_TYPES = {
  clothes: [
    { slug: 't-shirt', label: 'T-Shirts' },
    { slug: 'jacket', label: 'Jackets' },
    { slug: 'pants', label: 'Pants' },
  ],
  shoes: [
    { slug: 'sneakers', label: 'Sneakers' },
    { slug: 'boots', label: 'Boots' },
  ],
} as const;
export type MerchType =
  (typeof MERCH_TYPES.clothes)[number]['slug'] | (typeof MERCH_TYPES.shoes)[number]['slug'];

export const TOY_TYPES = [
  { slug: 'action-figure', label: 'Action Figures' },
  { slug: 'doll', label: 'Dolls' },
  { slug: 'car', label: 'Cars' },
] as const;
export type ToyType = (typeof TOY_TYPES)[number]['slug'];

export interface TypeOption {
  readonly slug: string;
  readonly label: string;
}

/** The type checkboxes of each category in the shop, the product form and the server. */
export const CATEGORY_TYPES: Record<Category, readonly TypeOption[]> = {
  comics: GENRES,
  clothes: MERCH_TYPES.clothes,
  shoes: MERCH_TYPES.shoes,
  toys: TOY_TYPES,
};

export const ALL_TYPES = 'all';

export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export type Size = (typeof SIZES)[number];

export const SORTS = [
  { value: 'popular', label: 'Most Popular' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
] as const;
export type SortBy = (typeof SORTS)[number]['value'];
export const DEFAULT_SORT: SortBy = 'popular';

export const VOLUME_PATTERN = /^V\d+$/;

/** Product id prefix per category (DESIGN.md §4: prefix + 6 base-32 characters). */
export const PRODUCT_ID_PREFIX: Record<Category, string> = {
  comics: 'COM',
  clothes: 'CLO',
  shoes: 'SHO',
  toys: 'TOY',
};
export const PRODUCT_ID_PATTERN = /^(COM|CLO|SHO|TOY)-[0-9A-Z]{6}$/;

export function typeLabel(category: Category, slug: string): string {
  return CATEGORY_TYPES[category].find((t) => t.slug === slug)?.label ?? slug;
}

/** The tag shown on the product page (DESIGN.md §4). */
export function categoryTag(product: {
  category: Category;
  merchType?: string | null;
  toyType?: string | null;
}): string {
  switch (product.category) {
    case 'comics':
      return 'Comic';
    case 'clothes':
    case 'shoes':
      return product.merchType ? typeLabel(product.category, product.merchType) : 'Clothing';
    case 'toys':
      return product.toyType ? typeLabel('toys', product.toyType) : 'Toy';
  }
}
