/** The shape of one demo catalog entry, and the helpers the catalog data files are written in. */
import {
  SIZES,
  type Category,
  type Genre,
  type MerchType,
  type Size,
  type ToyType,
} from '@otaku/shared';

export interface CatalogEntry {
  category: Category;
  name: string;
  priceCents: number;
  description: string;
  genres: Genre[];
  /** V1..Vn for comics, sizes for clothes and shoes, the single '' stock for toys. */
  variants: string[];
  merchType: MerchType | null;
  toyType: ToyType | null;
  /** Every variant at 0, so the shop shows a fully sold-out product. */
  soldOut: boolean;
  /**
   * A limited drop (decision 166): its sale starts `inDays` days after the seed runs, on the
   * hour, with `stock` units of its single stock and `limitPerCustomer`; nothing sold yet.
   */
  drop?: { inDays: number; stock: number; limitPerCustomer: number };
}

interface Options {
  soldOut?: boolean;
  drop?: CatalogEntry['drop'];
}

export function comic(
  name: string,
  priceCents: number,
  genres: Genre[],
  volumes: number,
  description: string,
  options: Options = {},
): CatalogEntry {
  return {
    category: 'comics',
    name,
    priceCents,
    description,
    genres,
    variants: Array.from({ length: volumes }, (_, i) => `V${i + 1}`),
    merchType: null,
    toyType: null,
    soldOut: options.soldOut ?? false,
  };
}

/** Clothes or shoes in a run of sizes, e.g. `['S', 'XL']` for S, M, L, XL. */
export function apparel(
  category: 'clothes' | 'shoes',
  merchType: MerchType,
  name: string,
  priceCents: number,
  [from, to]: [Size, Size],
  description: string,
  options: Options = {},
): CatalogEntry {
  return {
    category,
    name,
    priceCents,
    description,
    genres: [],
    variants: SIZES.slice(SIZES.indexOf(from), SIZES.indexOf(to) + 1),
    merchType,
    toyType: null,
    soldOut: options.soldOut ?? false,
  };
}

export function toy(
  toyType: ToyType,
  name: string,
  priceCents: number,
  description: string,
  options: Options = {},
): CatalogEntry {
  return {
    category: 'toys',
    name,
    priceCents,
    description,
    genres: [],
    variants: [''],
    merchType: null,
    toyType,
    soldOut: options.soldOut ?? false,
    ...(options.drop && { drop: options.drop }),
  };
}
