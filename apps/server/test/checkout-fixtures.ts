/**
 * Factories for cart, coupon and order tests: rows inserted straight into the test database,
 * with overrides for what a test cares about.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config';
import type { Db } from '../src/db/client';
import { coupons, products, productVariants, users } from '../src/db/schema/index';
import { signAccessToken } from '../src/lib/tokens';
import { changed } from '../src/db/changed';

const unique = () => randomBytes(4).toString('hex').toUpperCase();

export interface ProductFixture {
  id: string;
  name: string;
  priceCents: number;
  category: 'comics' | 'clothes' | 'shoes' | 'toys';
  /** variant -> stock; '' for a single stock. */
  stock: Record<string, number>;
}

export async function createProduct(
  db: Db,
  overrides: Partial<ProductFixture> = {},
): Promise<ProductFixture> {
  const id = overrides.id ?? `TOY-${unique().slice(0, 6)}`;
  const product: ProductFixture = {
    id,
    name: `Figure ${id}`,
    priceCents: 1999,
    category: 'toys',
    stock: { '': 10 },
    ...overrides,
  };
  await db.insert(products).values({
    id: product.id,
    name: product.name,
    description: 'A test product',
    priceCents: product.priceCents,
    category: product.category,
    image: `/uploads/products/${product.id}`,
  });
  await db.insert(productVariants).values(
    Object.entries(product.stock).map(([variant, stock], position) => ({
      productId: product.id,
      variant,
      stock,
      position,
    })),
  );
  changed.catalog(db, 'all');
  return product;
}

export async function stockOf(db: Db, productId: string, variant = ''): Promise<number> {
  const [row] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.variant, variant)));
  return row!.stock;
}

export async function setStock(db: Db, productId: string, variant: string, stock: number) {
  await db
    .update(productVariants)
    .set({ stock })
    .where(and(eq(productVariants.productId, productId), eq(productVariants.variant, variant)));
  changed.catalog(db, { stockOf: [productId] });
}

export interface UserFixture {
  id: string;
  email: string;
  username: string;
}

export async function createUsers(db: Db, count: number): Promise<UserFixture[]> {
  const tag = unique().toLowerCase();
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `shopper${i}`,
        email: `shopper-${tag}-${i}@example.com`,
      })),
    )
    .returning({ id: users.id, email: users.email, username: users.username });
  changed.users(db);
  return created;
}

export async function createUser(db: Db): Promise<UserFixture> {
  return (await createUsers(db, 1))[0]!;
}

export async function createCoupon(
  db: Db,
  overrides: { code?: string; discountPercent?: number; expiresAt?: Date } = {},
) {
  const [row] = await db
    .insert(coupons)
    .values({
      code: (overrides.code ?? `SAVE${unique()}`).toUpperCase(),
      discountPercent: overrides.discountPercent ?? 10,
      expiresAt: overrides.expiresAt ?? new Date(Date.now() + 7 * 86_400_000),
    })
    .returning();
  return row!;
}

/** Makes a cart look idle for `minutes`, as if nobody had touched it since. */
/** The shop's default hold times (RESERVATION_TTL_MINUTES, RESERVATION_MAX_MINUTES). */
export const DEFAULT_HOLD = { ttlMinutes: 30, maxMinutes: 120 } as const;

/** The shop's default cart ceilings (MAX_UNITS_PER_ITEM, MAX_UNITS_PER_CART) and hold maximum. */
export const DEFAULT_CEILINGS = { itemMax: 10, cartMax: 30, holdMaxMinutes: 120 } as const;

/**
 * Moves the first hold of a cart's lines (of one product, when given) `minutes` into the past,
 * as if they were added then.
 */
export async function ageLines(db: Db, cartId: string, minutes: number, productId?: string) {
  await db.execute(
    sql`update cart_items set reserved_at = now() - make_interval(mins => ${minutes}::int)
      where cart_id = ${cartId} and (${productId ?? null}::text is null or product_id = ${productId ?? null})`,
  );
}

export async function ageCart(db: Db, cartId: string, minutes: number) {
  await db.execute(
    sql`update carts set touched_at = now() - make_interval(mins => ${minutes}::int) where id = ${cartId}`,
  );
}

export interface Shopper extends UserFixture {
  headers: { authorization: string };
}

/** A signed-in shopper: a user row and the bearer header of a fresh access token. */
export async function signedInShopper(db: Db, config: Config): Promise<Shopper> {
  const user = await createUser(db);
  const token = await signAccessToken(config.jwtSecret, user.id);
  return { ...user, headers: { authorization: `Bearer ${token}` } };
}

/** `n` signed-in shoppers who have read their cart once (a signed-in user is then kept, decision 088). */
export async function shoppersWithCarts(
  app: FastifyInstance,
  db: Db,
  config: Config,
  n: number,
): Promise<Shopper[]> {
  const all = await Promise.all(Array.from({ length: n }, () => signedInShopper(db, config)));
  for (const who of all)
    await app.inject({ method: 'POST', url: '/api/cart', headers: who.headers });
  return all;
}

/** A shopper's own calls that fill and order a cart, through `app.inject`. */
export function shopperCalls(app: FastifyInstance, who: Shopper) {
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api${url}`, headers: who.headers, payload });
  return {
    id: who.id,
    readCart: () => app.inject({ method: 'POST', url: '/api/cart', headers: who.headers }),
    reserve: (productId: string, quantity: number, variant = '') =>
      post('/reserveStock', { productId, variant, quantity }),
    /** Starts a card checkout at `provider`. */
    payByCard: (provider: 'test' | 'stripe', deliveryAddress = 'Kobe', couponCode?: string) =>
      post(`/${provider}/create-checkout-session`, {
        paymentData: { deliveryAddress, couponCode },
      }),
    placeCashOrder: (deliveryAddress = 'Kobe', couponCode?: string) =>
      post('/order/placeOrder', { paymentMethod: 'cod', deliveryAddress, couponCode }),
    /** Cancels a pre-order line of one of the shopper's orders (decision 169). */
    cancelLine: (orderID: string, lineId: string) =>
      post('/order/cancelPreorderLine', { orderID, lineId }),
  };
}
