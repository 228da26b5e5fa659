/**
 * The product page's choice of variant and quantity (spec §4 "Variant and stock on product
 * page", §5 "Add to cart"). Pure functions: each returns the next state and, where the spec
 * has one, the message to show.
 */
import {
  CART,
  CART_INFO,
  CATALOG,
  MAX_LINE_QUANTITY,
  VALIDATION,
  type CartResponse,
  type Product,
} from '@otaku/shared';

export interface Purchase {
  /** The chosen volume or size; '' for a product with a single stock; null before a choice. */
  variant: string | null;
  quantity: number;
}

export interface Step {
  purchase: Purchase;
  message?: string;
}

/** Volumes for comics, sizes for clothes and shoes, none for single-stock products. */
export function variantsOf(product: Product): string[] {
  if (typeof product.stock === 'number') return [];
  return product.category === 'comics' ? product.volumes : product.sizes;
}

export const hasVariants = (product: Product) => variantsOf(product).length > 0;

/** Units of a variant that can still be added to a cart. */
export function stockOf(product: Product, variant: string | null): number {
  if (typeof product.stock === 'number') return product.stock;
  return variant === null ? 0 : (product.stock[variant] ?? 0);
}

export function initialPurchase(product: Product): Purchase {
  if (hasVariants(product)) return { variant: null, quantity: 0 };
  return { variant: '', quantity: stockOf(product, '') > 0 ? 1 : 0 };
}

/** Selecting a variant sets the quantity to 1; an empty one cannot be chosen. */
export function selectVariant(product: Product, purchase: Purchase, variant: string): Step {
  if (stockOf(product, variant) === 0) return { purchase, message: VALIDATION.variantOutOfStock };
  return { purchase: { variant, quantity: 1 } };
}

/** How many more units of an item the cart can take, and what to say when no more fit. */
export interface CartRoom {
  units: number;
  message: string;
}

/** Without a cart to go by: what any cart call accepts at once. */
const ANY_CART: CartRoom = {
  units: MAX_LINE_QUANTITY,
  message: CART_INFO.lineLimit(MAX_LINE_QUANTITY, 0),
};

/**
 * What the cart can still take of `productId` in `variant` (DESIGN.md §8, fair stock): the
 * shop's ceiling of one item less what the cart holds of it, or its ceiling of the whole cart
 * less all it holds, or the product's limit per customer (`limit`, decision 140) less what the
 * cart holds of the product in all its variants, whichever is least, with the message the
 * server would answer. What the customer's orders bought is not known here: the server counts
 * it, and says so when it refuses.
 */
export function roomInCart(
  cart: CartResponse | undefined,
  productId: string,
  variant: string | null,
  limit: number | null = null,
): CartRoom {
  if (!cart || variant === null) return ANY_CART;
  const line = cart.cartItems.find(
    (i) => i.productId === productId && i.selectedVariant === variant,
  );
  const item = line?.itemQuantity ?? 0;
  const all = cart.cartItems.reduce((n, i) => n + i.itemQuantity, 0);
  const ofProduct = cart.cartItems
    .filter((i) => i.productId === productId)
    .reduce((n, i) => n + i.itemQuantity, 0);
  const rooms: CartRoom[] = [
    {
      units: cart.maxUnitsPerItem - item,
      message: CART_INFO.lineLimit(cart.maxUnitsPerItem, item),
    },
    { units: cart.maxUnitsPerCart - all, message: CART_INFO.cartLimit(cart.maxUnitsPerCart, all) },
    ...(limit === null
      ? []
      : [{ units: limit - ofProduct, message: CART_INFO.customerLimit(limit, 0) }]),
  ];
  const least = rooms.reduce((a, b) => (b.units < a.units ? b : a));
  return { ...least, units: Math.max(0, least.units) };
}

/** Every variant of a product with variants is sold out: there is none to ask for. */
export const allVariantsSoldOut = (product: Product) =>
  hasVariants(product) && variantsOf(product).every((v) => stockOf(product, v) === 0);

export function increase(product: Product, purchase: Purchase, room = ANY_CART): Step {
  if (allVariantsSoldOut(product)) return { purchase, message: CART.outOfStock };
  if (purchase.variant === null) return { purchase, message: VALIDATION.variantBeforeIncrease };
  const available = stockOf(product, purchase.variant);
  // A product of one stock has no variant to speak of: the item itself is sold out.
  if (available === 0)
    return {
      purchase,
      message: hasVariants(product) ? VALIDATION.variantOutOfStock : CART.outOfStock,
    };
  if (purchase.quantity >= available) return { purchase, message: CATALOG.onlyLeft(available) };
  if (purchase.quantity >= room.units) return { purchase, message: room.message };
  return { purchase: { ...purchase, quantity: purchase.quantity + 1 } };
}

export function decrease(product: Product, purchase: Purchase): Step {
  if (allVariantsSoldOut(product)) return { purchase, message: CART.outOfStock };
  if (purchase.variant === null) return { purchase, message: VALIDATION.variantBeforeDecrease };
  return { purchase: { ...purchase, quantity: Math.max(0, purchase.quantity - 1) } };
}

/** The product with a variant's stock replaced, e.g. by what an add-to-cart answered. */
export function withStock(product: Product, variant: string, stock: number): Product {
  if (typeof product.stock === 'number') return { ...product, stock, inStock: stock > 0 };
  const next = { ...product.stock, [variant]: stock };
  return { ...product, stock: next, inStock: Object.values(next).some((n) => n > 0) };
}

/**
 * After an add to cart: the quantity resets to 0, and a variant whose stock reached 0 is
 * cleared (spec §4). `product` already carries the new stock.
 */
export function afterAdd(product: Product, purchase: Purchase): Purchase {
  const soldOut = stockOf(product, purchase.variant) === 0;
  return {
    variant: soldOut && hasVariants(product) ? null : purchase.variant,
    quantity: 0,
  };
}

/** Total price in dollars, rounded to the cent. */
export const lineTotal = (price: number, quantity: number) =>
  Math.round(price * 100 * quantity) / 100;
