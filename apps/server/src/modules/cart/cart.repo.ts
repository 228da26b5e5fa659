/**
 * Cart and reservation queries. A cart line is the reservation: its units are already taken
 * off product_variants.stock, so stock is what others can still reserve. Every function takes
 * the executor it runs on, so a service can put several of them in one transaction.
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cartItems, carts, products, productVariants } from '../../db/schema/index';

/** The rows of a raw `execute`, the same shape on PGlite and node-postgres. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface CartLineRow {
  productId: string;
  variant: string;
  quantity: number;
  name: string;
  image: string;
  priceCents: number;
  category: 'comics' | 'clothes' | 'shoes' | 'toys';
}

export interface HeldUnits {
  productId: string;
  variant: string;
  quantity: number;
}

/**
 * Creates the cart or marks it active. The row lock it takes serialises every change to one
 * cart, and lets the sweeper skip carts that are being used.
 */
export async function touchCart(ex: Executor, cartId: string, userId: string | null) {
  const [row] = await ex
    .insert(carts)
    .values({ id: cartId, userId })
    .onConflictDoUpdate({ target: carts.id, set: { touchedAt: sql`now()` } })
    .returning({ touchedAt: carts.touchedAt });
  return row!.touchedAt;
}

export async function cartTouchedAt(ex: Executor, cartId: string): Promise<Date | null> {
  const [row] = await ex
    .select({ touchedAt: carts.touchedAt })
    .from(carts)
    .where(eq(carts.id, cartId));
  return row?.touchedAt ?? null;
}

/**
 * Takes `quantity` units in one conditional update that can never drive stock below 0.
 * Returns the stock left, or null when fewer units than asked for are available.
 */
export async function takeStock(
  ex: Executor,
  productId: string,
  variant: string,
  quantity: number,
): Promise<number | null> {
  const [row] = await ex
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}` })
    .where(
      and(
        eq(productVariants.productId, productId),
        eq(productVariants.variant, variant),
        gte(productVariants.stock, quantity),
      ),
    )
    .returning({ stock: productVariants.stock });
  return row ? row.stock : null;
}

/** Current stock of a variant; null when the product or variant does not exist. */
export async function readStock(
  ex: Executor,
  productId: string,
  variant: string,
): Promise<number | null> {
  const [row] = await ex
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.variant, variant)));
  return row ? row.stock : null;
}

/** Adds units to a cart line, creating it when new; returns the line's quantity. */
export async function addToLine(
  ex: Executor,
  line: HeldUnits & { cartId: string; userId: string | null },
): Promise<number> {
  const [row] = await ex
    .insert(cartItems)
    .values(line)
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId, cartItems.variant],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
    })
    .returning({ quantity: cartItems.quantity });
  return row!.quantity;
}

const lineKey = (cartId: string, productId: string, variant: string) =>
  and(
    eq(cartItems.cartId, cartId),
    eq(cartItems.productId, productId),
    eq(cartItems.variant, variant),
  );

/** The line's quantity, locked until the transaction ends; null when the cart has no such line. */
export async function lockLine(
  ex: Executor,
  cartId: string,
  productId: string,
  variant: string,
): Promise<number | null> {
  const [row] = await ex
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(lineKey(cartId, productId, variant))
    .for('update');
  return row ? row.quantity : null;
}

export async function setLineQuantity(
  ex: Executor,
  cartId: string,
  productId: string,
  variant: string,
  quantity: number,
): Promise<void> {
  if (quantity <= 0) {
    await ex.delete(cartItems).where(lineKey(cartId, productId, variant));
    return;
  }
  await ex
    .update(cartItems)
    .set({ quantity })
    .where(lineKey(cartId, productId, variant));
}

/** Deletes every line of a cart and returns what they held. */
export async function deleteLines(ex: Executor, cartId: string): Promise<HeldUnits[]> {
  return ex.delete(cartItems).where(eq(cartItems.cartId, cartId)).returning({
    productId: cartItems.productId,
    variant: cartItems.variant,
    quantity: cartItems.quantity,
  });
}

/** The cart's lines with today's product data, in the order they were first added. */
export async function listLines(ex: Executor, cartId: string): Promise<CartLineRow[]> {
  return ex
    .select({
      productId: cartItems.productId,
      variant: cartItems.variant,
      quantity: cartItems.quantity,
      name: products.name,
      image: products.image,
      priceCents: products.priceCents,
      category: products.category,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.reservedAt), asc(cartItems.productId), asc(cartItems.variant));
}

/**
 * Puts units back into stock. Rows are locked in a fixed order first, so two transactions that
 * return units of the same variants (two sweepers, a sweeper and a cleared cart) cannot deadlock.
 */
export async function returnStock(ex: Executor, held: readonly HeldUnits[]): Promise<void> {
  const totals = new Map<string, HeldUnits>();
  for (const h of held) {
    const key = `${h.productId}\u0000${h.variant}`;
    const seen = totals.get(key);
    totals.set(key, { ...h, quantity: (seen?.quantity ?? 0) + h.quantity });
  }
  const rows = [...totals.values()].sort((a, b) =>
    a.productId === b.productId
      ? a.variant.localeCompare(b.variant)
      : a.productId.localeCompare(b.productId),
  );
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.productId}::text, ${r.variant}::text, ${r.quantity}::int)`),
    sql`, `,
  );
  await ex.execute(sql`
    select 1 from product_variants pv
    join (values ${values}) as v(product_id, variant, quantity)
      on pv.product_id = v.product_id and pv.variant = v.variant
    order by pv.product_id, pv.variant
    for update of pv`);
  await ex.execute(sql`
    update product_variants pv set stock = pv.stock + v.quantity
    from (values ${values}) as v(product_id, variant, quantity)
    where pv.product_id = v.product_id and pv.variant = v.variant`);
}

/**
 * Takes up to `wanted` units, as many as there are; returns how many were missing. Only for
 * orders that are already paid for, where refusing is no longer an option.
 */
export async function takeAvailable(
  ex: Executor,
  productId: string,
  variant: string,
  wanted: number,
): Promise<number> {
  if (wanted <= 0) return 0;
  const [row] = rowsOf<{ missing: number }>(
    await ex.execute(sql`
      with old as (
        select stock from product_variants
        where product_id = ${productId} and variant = ${variant} for update
      )
      update product_variants pv set stock = greatest(pv.stock - ${wanted}::int, 0)
      from old
      where pv.product_id = ${productId} and pv.variant = ${variant}
      returning greatest(${wanted}::int - old.stock, 0)::int as missing`),
  );
  return row ? Number(row.missing) : wanted;
}
