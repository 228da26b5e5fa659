/**
 * Cart and reservation queries. A cart line is the reservation: its units are already taken
 * off product_variants.stock, so stock is what others can still reserve. Every function takes
 * the executor it runs on, so a service can put several of them in one transaction.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedSql, rowsOf } from '../../db/prepared';
import { cartItems, productVariants } from '../../db/schema/index';

/** A named value of a prepared statement (db/prepared.ts). */
const value = (name: string) => sql.placeholder(name);

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

const touchStatement = preparedSql(
  'cart_touch',
  sql`insert into carts (id, user_id) values (${value('cartId')}::text, ${value('userId')}::uuid)
    on conflict (id) do update set touched_at = now()`,
);

/**
 * Creates the cart or marks it active. The row lock it takes serialises every change to one
 * cart, and lets the sweeper skip carts that are being used.
 */
export async function touchCart(ex: Executor, cartId: string, userId: string | null) {
  await touchStatement(ex, { cartId, userId });
}

const reserveStatement = preparedSql<{ stock: number | null; reservedQuantity: number | null }>(
  'cart_reserve_units',
  sql`
    with cart as (
      insert into carts (id, user_id) values (${value('cartId')}::text, ${value('userId')}::uuid)
      on conflict (id) do update set touched_at = now()
      returning id
    ), taken as (
      update product_variants set stock = stock - ${value('quantity')}::int
      where product_id = ${value('productId')}::text and variant = ${value('variant')}::text
        and stock >= ${value('quantity')}::int and exists (select from cart)
      returning stock
    ), added as (
      insert into cart_items (cart_id, user_id, product_id, variant, quantity)
      select ${value('cartId')}::text, ${value('userId')}::uuid, ${value('productId')}::text,
        ${value('variant')}::text, ${value('quantity')}::int
      from taken
      on conflict (cart_id, product_id, variant)
        do update set quantity = cart_items.quantity + excluded.quantity
      returning quantity
    )
    select (select stock from taken) as stock, (select quantity from added) as "reservedQuantity"`,
);

/**
 * Reserves units in one statement: marks the cart active (its row lock comes first, as in every
 * cart change, so the sweeper and this never wait on each other in opposite orders), takes the
 * units with a conditional update that can never drive stock below 0, and adds them to the
 * line. When there are not enough units nothing is taken and no line changes; the cart is still
 * marked active (the shopper is using it). Returns the stock left and the line's quantity, or
 * null when fewer units than asked for are available.
 */
export async function reserveUnits(
  ex: Executor,
  line: HeldUnits & { cartId: string; userId: string | null },
): Promise<{ stock: number; reservedQuantity: number } | null> {
  const [row] = await reserveStatement(ex, line);
  return row?.stock == null || row.reservedQuantity == null
    ? null
    : { stock: Number(row.stock), reservedQuantity: Number(row.reservedQuantity) };
}

/** How a line's quantity changes: to a number, or down by a number (never below 0). */
export type LineTarget = { set: number } | { less: number };

export type LineChange =
  | { found: false }
  /** `stock` is what is left after the change; `done` is false when too few units were left. */
  | { found: true; current: number; wanted: number; stock: number; done: boolean };

function changeLineStatement(name: string, wanted: SQL) {
  const key = sql`cart_id = ${value('cartId')}::text and product_id = ${value('productId')}::text
    and variant = ${value('variant')}::text`;
  return preparedSql<{ current: number; wanted: number; stock: number | null; done: boolean }>(
    name,
    sql`
      with cart as (
        update carts set touched_at = now() where id = ${value('cartId')}::text returning id
      ), line as (
        select quantity as current from cart_items where ${key} and exists (select from cart)
        for update
      ), want as (
        select l.current, greatest(0, ${wanted})::int as wanted from line l
      ), moved as (
        update product_variants pv set stock = pv.stock - (w.wanted - w.current)
        from want w
        where pv.product_id = ${value('productId')}::text and pv.variant = ${value('variant')}::text
          and w.wanted <> w.current and pv.stock >= w.wanted - w.current
        returning pv.stock
      ), kept as (
        update cart_items set quantity = w.wanted from want w
        where ${key} and w.wanted > 0 and exists (select from moved)
        returning 1
      ), dropped as (
        delete from cart_items using want w
        where ${key} and w.wanted = 0 and exists (select from moved)
        returning 1
      )
      select w.current, w.wanted,
        coalesce((select stock from moved), (select stock from product_variants
          where product_id = ${value('productId')}::text and variant = ${value('variant')}::text)) as stock,
        (w.wanted = w.current or exists (select from moved)) as done,
        (select count(*) from kept) + (select count(*) from dropped) as changed
      from want w`,
  );
}

const changeLineTo = changeLineStatement('cart_line_set', sql`${value('units')}::int`);
const changeLineDown = changeLineStatement(
  'cart_line_less',
  sql`l.current - ${value('units')}::int`,
);

/**
 * Changes a cart line's quantity in one statement, in the lock order of every cart change:
 * the cart row (marked active), then the line, then the variant. The difference is taken from
 * or given back to stock with one conditional update that can never drive stock below 0; the
 * line changes (0 deletes it) only when the stock did. Nothing is found when the cart has no
 * such line.
 */
export async function changeLineUnits(
  ex: Executor,
  line: { cartId: string; productId: string; variant: string },
  target: LineTarget,
): Promise<LineChange> {
  const [row] =
    'set' in target
      ? await changeLineTo(ex, { ...line, units: target.set })
      : await changeLineDown(ex, { ...line, units: target.less });
  if (!row) return { found: false };
  return {
    found: true,
    current: Number(row.current),
    wanted: Number(row.wanted),
    stock: Number(row.stock ?? 0),
    done: row.done,
  };
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

const deleteLinesStatement = preparedSql<HeldUnits>(
  'cart_delete_lines',
  sql`delete from cart_items where cart_id = ${value('cartId')}::text
    returning product_id as "productId", variant, quantity`,
);

/** Deletes every line of a cart and returns what they held. */
export async function deleteLines(ex: Executor, cartId: string): Promise<HeldUnits[]> {
  return deleteLinesStatement(ex, { cartId });
}

const linesStatement = preparedSql<CartLineRow>(
  'cart_lines',
  sql`
    select ci.product_id as "productId", ci.variant, ci.quantity, p.name, p.image,
      p.price_cents as "priceCents", p.category
    from cart_items ci join products p on p.id = ci.product_id
    where ci.cart_id = ${value('cartId')}::text
    order by ci.reserved_at, ci.product_id, ci.variant`,
);

/** The cart's lines with today's product data, in the order they were first added. */
export async function listLines(ex: Executor, cartId: string): Promise<CartLineRow[]> {
  return linesStatement(ex, { cartId });
}

const cartStateStatement = preparedSql<{ touchedAt: Date | string; lines: CartLineRow[] }>(
  'cart_state',
  sql`
    select c.touched_at as "touchedAt", coalesce((
      select json_agg(json_build_object('productId', ci.product_id, 'variant', ci.variant,
        'quantity', ci.quantity, 'name', p.name, 'image', p.image, 'priceCents', p.price_cents,
        'category', p.category) order by ci.reserved_at, ci.product_id, ci.variant)
      from cart_items ci join products p on p.id = ci.product_id
      where ci.cart_id = c.id), '[]'::json) as lines
    from carts c where c.id = ${value('cartId')}::text`,
);

/**
 * The cart's lines with today's product data (in the order they were first added) and when it
 * was last used, in one statement; no lines and null when the cart does not exist yet.
 */
export async function readCartState(
  ex: Executor,
  cartId: string,
): Promise<{ lines: CartLineRow[]; touchedAt: Date | null }> {
  const [row] = await cartStateStatement(ex, { cartId });
  return row
    ? { lines: row.lines, touchedAt: new Date(row.touchedAt) }
    : { lines: [], touchedAt: null };
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
