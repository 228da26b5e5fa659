/**
 * Cart and reservation queries. A cart line is the reservation: its units are already taken
 * off product_variants.stock, so stock is what others can still reserve. Every function takes
 * the executor it runs on, so a service can put several of them in one transaction. Every
 * function that moves stock tells the catalog's caches whose stock it moved (db/changed.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type SelectedFields } from 'drizzle-orm/pg-core';
import { changed, telling } from '../../db/changed';
import { isPostgresDatabase, type Executor } from '../../db/client';
import { prepared, rowsOf } from '../../db/prepared';
import { carts, cartItems, productVariants } from '../../db/schema/index';
import { sqlState } from '../../lib/db-errors';
import type { Settled } from './sold-out';

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
  /** When the line's first unit was held (ISO time): its hold ends RESERVATION_MAX_MINUTES later. */
  reservedAt: string;
  /** A pre-order's release date (yyyy-mm-dd) while it lies ahead; null otherwise. */
  releaseDate: string | null;
}

/**
 * The fair-stock rules a cart change keeps (DESIGN.md §8, decision 133): the most units of one
 * variant and in all a cart may hold, and how long a line's hold may last in any case.
 */
export interface CartCeilings {
  itemMax: number;
  cartMax: number;
  holdMaxMinutes: number;
}

export interface HeldUnits {
  productId: string;
  variant: string;
  quantity: number;
}

/** Creates the cart, or marks it active when it exists. */
const touching = (ex: Executor, cartId: string, userId: string | null) =>
  ex
    .insert(carts)
    .values({ id: cartId, userId })
    .onConflictDoUpdate({ target: carts.id, set: { touchedAt: sql`now()` } });

/**
 * Creates the cart or marks it active. The row lock it takes serialises every change to one
 * cart, and lets the sweeper skip carts that are being used.
 */
export async function touchCart(ex: Executor, cartId: string, userId: string | null) {
  await touching(ex, cartId, userId);
}

/**
 * A cart change refused because a card checkout of the cart may be open (decision 137): the
 * cart functions raise SQLSTATE OS409 (migration 0026) before changing anything. The caller
 * closes the checkout and tries again.
 */
export class CheckoutOpenError extends Error {
  override name = 'CheckoutOpenError';
  constructor(cause?: unknown) {
    super('The cart has a card checkout open', { cause });
  }
}

/** Raised by `cart_reserve` and `cart_change_line` while the cart's `checkout_open` is set. */
const CHECKOUT_OPEN_STATE = 'OS409';

/** Runs a cart change, turning the database's refusal of a paying cart into CheckoutOpenError. */
async function unlessPaying<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    if (sqlState(error) === CHECKOUT_OPEN_STATE) throw new CheckoutOpenError(error);
    throw error;
  }
}

/**
 * Ends the holds of the cart's lines first held `holdMaxMinutes` ago or more, their units back
 * in stock (`cart_release_lapsed`, migration 0022, as the cart functions do on every change).
 */
export async function releaseLapsedLines(
  ex: Executor,
  cartId: string,
  holdMaxMinutes: number,
): Promise<void> {
  await ex.execute(sql`select cart_release_lapsed(${cartId}::text, ${holdMaxMinutes}::int)`);
}

/** Marks the cart as having a card checkout open; with its snapshot, under the cart's lock. */
export async function markCheckoutOpen(ex: Executor, cartId: string): Promise<void> {
  await ex.update(carts).set({ checkoutOpen: true }).where(eq(carts.id, cartId));
}

/** Clears the mark; only under the cart's lock, by one who found no checkout of it open. */
export async function markCheckoutClosed(ex: Executor, cartId: string): Promise<void> {
  await ex
    .update(carts)
    .set({ checkoutOpen: false })
    .where(and(eq(carts.id, cartId), eq(carts.checkoutOpen, true)));
}

/**
 * `touchCart` for a change the shopper makes (emptying the cart): CheckoutOpenError, with the
 * cart's lock taken, when a card checkout of it may be open.
 */
export async function touchCartForChange(ex: Executor, cartId: string, userId: string) {
  const [row] = await touching(ex, cartId, userId).returning({ checkoutOpen: carts.checkoutOpen });
  if (row?.checkoutOpen) throw new CheckoutOpenError();
}

/** A cart as a change leaves it: its lines and when it was last used (null: no cart yet). */
export interface CartState {
  lines: CartLineRow[];
  touchedAt: Date | null;
}

type StateColumns = { touchedAt: Date | string | null; lines: CartLineRow[] | null };

/** The columns of a cart function's answer that hold the cart as it is left (`cart_state`). */
const stateFields = {
  touchedAt: sql<Date | string | null>`touched_at`,
  lines: sql<CartLineRow[] | null>`lines`,
};

/** `fields` of the rows a database function answers, `source` its call, prepared as `name`. */
const selectFrom = <Fields extends SelectedFields>(name: string, fields: Fields, source: SQL) =>
  prepared((ex) => ex.select(fields).from(source).prepare(name));

/**
 * A cart change, `call` naming its database function (db/functions) and `args` its arguments,
 * prepared two ways: on PostgreSQL's database itself, with the setting that lets the commit of
 * its own transaction go on without waiting for the disk (decision 101); and as written, in a
 * transaction or on the embedded database. Only on PostgreSQL's database: in a larger
 * transaction `set_config(..., true)` would hold until that transaction ends, and on PGlite the
 * change would stay in this process's memory until a later commit (a killed app would lose it).
 * Either way the change is told as one of `productId`'s stock alone, so the catalog's answers
 * that show other products are kept (decision 125).
 */
function cartChange<Fields extends SelectedFields>(
  name: string,
  fields: Fields,
  call: string,
  args: SQL,
) {
  const source = sql`${sql.raw(call)}(${args})`;
  const waits = selectFrom(name, fields, source);
  const doesNotWait = selectFrom(
    `${name}_async`,
    fields,
    sql`${source} cross join set_config('synchronous_commit', 'off', true)`,
  );
  return (ex: Executor, values: { productId: string; [name: string]: unknown }) =>
    telling((isPostgresDatabase(ex) ? doesNotWait : waits)(ex).execute(values), () =>
      changed.catalog(ex, { stockOf: [values.productId] }),
    );
}

const stateOf = (row: StateColumns): CartState => ({
  lines: row.lines ?? [],
  touchedAt: row.touchedAt === null ? null : new Date(row.touchedAt),
});

/** The cart a `cart_state` row answers; no row: no cart yet, so no lines. */
const stateOrEmpty = ([row]: StateColumns[]): CartState =>
  row ? stateOf(row) : { lines: [], touchedAt: null };

/** What an add answers: the units taken, or why none were (the cart as counted under its lock). */
export type Reservation =
  | { taken: true; stock: number; reservedQuantity: number; cart: CartState }
  | {
      taken: false;
      /** The variant's stock now; null when the product has no such variant. */
      stock: number | null;
      /** Units of the variant, and in all, the cart held before this add. */
      itemHeld: number;
      cartHeld: number;
    };

/** What a `cart_reserve` row says: the units taken and the cart after, or why none were. */
function reservationOf(
  row: StateColumns & {
    stock: number | null;
    reservedQuantity: number | null;
    itemHeld: number;
    cartHeld: number;
  },
): Reservation {
  return row.stock == null || row.reservedQuantity == null
    ? {
        taken: false,
        stock: row.stock == null ? null : Number(row.stock),
        itemHeld: Number(row.itemHeld),
        cartHeld: Number(row.cartHeld),
      }
    : {
        taken: true,
        stock: Number(row.stock),
        reservedQuantity: Number(row.reservedQuantity),
        cart: stateOf(row),
      };
}

/** How a line's quantity changes: to a number, or down by a number (never below 0). */
export type LineTarget = { set: number } | { less: number };

export type LineChange =
  | { found: false }
  /**
   * `stock` is what is left after the change; `done` is false when it was refused (too few
   * units left, or a ceiling), `cartHeld` the units the cart held in all before it. `cart` is
   * the cart as the change left it, when it was done.
   */
  | {
      found: true;
      current: number;
      wanted: number;
      stock: number;
      done: boolean;
      cartHeld: number;
      cart: CartState | null;
    };

const changeLineStatement = cartChange(
  'cart_line_change',
  {
    current: sql<number>`held_before`,
    wanted: sql<number>`wanted`,
    stock: sql<number | null>`stock`,
    done: sql<boolean>`done`,
    cartHeld: sql<number>`cart_held`,
    ...stateFields,
  },
  'cart_change_line',
  sql`${value('cartId')}::text, ${value('productId')}::text, ${value('variant')}::text,
    ${value('set')}::int, ${value('less')}::int, ${value('itemMax')}::int,
    ${value('cartMax')}::int, ${value('holdMaxMinutes')}::int`,
);

/**
 * Changes a cart line's quantity and reads the cart back, in one call of `cart_change_line`
 * (migration 0026), in the lock order of every cart change: the cart row (marked active, and
 * its lines older than `holdMaxMinutes` released), then the line, then the variant. The
 * difference is taken from or given back to stock with one conditional update that can never
 * drive stock below 0, and units are taken only when the line stays within `itemMax` and the
 * cart within `cartMax`; the line changes (0 deletes it) only when the stock did. Nothing is
 * found when the cart has no such line. Run on PostgreSQL's database itself, its commit does
 * not wait for the disk (decision 101). CheckoutOpenError, with nothing changed, while a card
 * checkout of the cart may be open (migration 0026).
 */
export async function changeLineUnits(
  ex: Executor,
  line: { cartId: string; productId: string; variant: string },
  target: LineTarget,
  ceilings: CartCeilings,
): Promise<LineChange> {
  const [row] = await unlessPaying(
    changeLineStatement(ex, {
      ...line,
      ...ceilings,
      set: 'set' in target ? target.set : null,
      less: 'less' in target ? target.less : null,
    }),
  );
  if (!row) return { found: false };
  return {
    found: true,
    current: Number(row.current),
    wanted: Number(row.wanted),
    stock: Number(row.stock ?? 0),
    done: row.done,
    cartHeld: Number(row.cartHeld),
    cart: row.done ? stateOf(row) : null,
  };
}

/**
 * A product's terms for the cart's customer: its sale start while still ahead (decision 166)
 * and its limit per customer with what the customer has of it (decision 140).
 */
export interface CustomerUnits {
  /** When the product goes on sale (ISO) while that is ahead by the database's clock; else null. */
  opensAt: string | null;
  /**
   * The last pre-order day (yyyy-mm-dd) of a pre-order that has passed it and is not yet
   * released (decision 167); else null.
   */
  preordersClosedOn: string | null;
  /** Null: the product has no limit per customer (or no longer exists). */
  limit: number | null;
  /** Units of the product, all variants, in the cart. */
  inCart: number;
  /** Units of the product the customer's orders bought. */
  bought: number;
}

/** A row of `cart_refusal_terms` (db/functions/cart-add.sql), as `cart_add` also answers it. */
interface TermsColumns {
  opensAtMs: number | null;
  closedOn: string | null;
  limit: number | null;
  units: number | null;
  inCart: number | null;
}

const termsOf = (row: TermsColumns | undefined): CustomerUnits => {
  const opensAt =
    row?.opensAtMs == null ? null : new Date(Math.round(Number(row.opensAtMs))).toISOString();
  const preordersClosedOn = row?.closedOn ?? null;
  if (!row || row.limit === null)
    return { opensAt, preordersClosedOn, limit: null, inCart: 0, bought: 0 };
  const inCart = Number(row.inCart);
  return {
    opensAt,
    preordersClosedOn,
    limit: Number(row.limit),
    inCart,
    bought: Number(row.units) - inCart,
  };
};

/**
 * What keeps the cart's customer from more units of a product, in one read
 * (`cart_refusal_terms`): its sale start, by the database's clock the cart functions keep it by,
 * a pre-order's passed last day, and what its limit per customer counts
 * (`customer_product_units`, migration 0028). Read only to word a refusal: the cart functions
 * keep these rules themselves.
 */
export async function customerUnits(
  ex: Executor,
  cartId: string,
  productId: string,
): Promise<CustomerUnits> {
  const [row] = rowsOf<TermsColumns>(
    await ex.execute(sql`select opens_at_ms as "opensAtMs", closed_on as "closedOn",
        limit_per_customer as "limit", units, in_cart as "inCart"
      from cart_refusal_terms(${cartId}::text, ${productId}::text)`),
  );
  return termsOf(row);
}

/** The rate limits a shopper's add is counted against, as `rate_limit_count` takes them. */
export interface RateCounters {
  keys: string[];
  windows: number[];
  limits: number[];
}

/**
 * What a shopper's add answers (`cart_add`): refused by a rate limit (`retryAfter`, nothing
 * reserved), or the reservation, and with a refused one the terms that word it.
 */
export type CountedReservation =
  | { retryAfter: number }
  | { retryAfter: null; reservation: Reservation & { taken: true } }
  | { retryAfter: null; reservation: Reservation & { taken: false }; terms: CustomerUnits };

/** The row `cart_add` answers: its INOUT parameters, by name. */
interface CartAddRow {
  retry_after: number | null;
  stock: number | null;
  reserved_quantity: number | null;
  item_held: number;
  cart_held: number;
  touched_at: Date | string | null;
  lines: CartLineRow[] | null;
  opens_at_ms: number | null;
  closed_on: string | null;
  limit_per_customer: number | null;
  units: number | null;
  in_cart: number | null;
}

/**
 * A shopper's add to cart in one round trip (`cart_add`, db/functions/cart-add.sql): counts the
 * call against `counters` and commits the count on its own, so a counter many shoppers share is
 * never held while the reservation waits for the variant; then, unless a counter is past its
 * limit, reserves with `cart_reserve` (db/functions/cart-changes.sql), and reads a refusal's
 * terms (`customerUnits`) in the same call. `cart_reserve` marks the cart active (its row lock
 * first, as in every cart change, so the sweeper and this never wait on each other in opposite
 * orders) and ends the holds of its lines older than `holdMaxMinutes`; then counts what the
 * cart holds and, only when the add keeps the variant within `itemMax` and the cart within
 * `cartMax`, takes the units with a conditional update that can never drive stock below 0 and
 * adds them to the line. In a transaction (`ex` one) all of it is that transaction's. On
 * PostgreSQL's database itself neither commit waits for the disk (decision 101).
 * CheckoutOpenError, after the count and with nothing else changed, while a card checkout of
 * the cart may be open (migration 0026).
 */
export async function addUnits(
  ex: Executor,
  line: HeldUnits & { cartId: string; userId: string },
  ceilings: CartCeilings,
  counters: RateCounters,
): Promise<CountedReservation> {
  const tell = () => changed.catalog(ex, { stockOf: [line.productId] });
  const [row] = rowsOf<CartAddRow>(
    // A call that failed may have changed the stock (a commit whose answer was lost): told.
    await unlessPaying(
      ex.execute(sql`call cart_add(
        ${sql.param(counters.keys)}::text[], ${sql.param(counters.windows)}::int[],
        ${sql.param(counters.limits)}::int[],
        ${!(ex instanceof PgTransaction)}, ${isPostgresDatabase(ex)},
        ${line.cartId}::text, ${line.userId}::uuid, ${line.productId}::text,
        ${line.variant}::text, ${line.quantity}::int,
        ${ceilings.itemMax}::int, ${ceilings.cartMax}::int, ${ceilings.holdMaxMinutes}::int)`),
    ).catch((error: unknown) => {
      if (!(error instanceof CheckoutOpenError)) tell();
      throw error;
    }),
  );
  if (!row) throw new Error('cart_add answered no row');
  // Only a taken unit changed the product's stock: a refusal leaves the kept answers showing it
  // (the cart's own lapsed lines, given back first, are told by cart_release_lapsed itself).
  if (row.reserved_quantity != null) tell();
  return countedOf(row);
}

/** What `cart_add`'s answer says (`addUnits`). */
function countedOf(row: CartAddRow): CountedReservation {
  if (row.retry_after != null) return { retryAfter: Number(row.retry_after) };
  const reservation = reservationOf({
    stock: row.stock,
    reservedQuantity: row.reserved_quantity,
    itemHeld: row.item_held,
    cartHeld: row.cart_held,
    touchedAt: row.touched_at,
    lines: row.lines,
  });
  if (reservation.taken) return { retryAfter: null, reservation };
  const terms = termsOf({
    opensAtMs: row.opens_at_ms,
    closedOn: row.closed_on,
    limit: row.limit_per_customer,
    units: row.units,
    inCart: row.in_cart,
  });
  return { retryAfter: null, reservation, terms };
}

/**
 * Whether the database answered `error` to a statement, which then did nothing: an error
 * message of the server's (it has a severity and a SQLSTATE), not a lost or ended connection.
 */
function refusedByDatabase(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { severity } = current as { severity?: unknown };
    if (typeof severity === 'string') {
      const state = sqlState(current);
      return state !== undefined && !/^(08|57)/.test(state);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** One shopper's add among several (`addUnitsTogether`): what `addUnits` takes. */
export interface AddOfMany {
  line: HeldUnits & { cartId: string; userId: string };
  counters: RateCounters;
}

/**
 * Several shoppers' adds of one variant in one round trip (`cart_add_many`,
 * db/functions/cart-add.sql), each answered as `addUnits` answers it (CheckoutOpenError for a
 * cart with a card checkout open), with how many changes of the stock it told (null: not
 * counted). One statement, one transaction: the counts commit with the units instead of before
 * them. When the database refuses the statement (a lock waited for past 100 ms among its
 * reasons), nothing of it was done, and the adds are made again one by one with `addUnits`,
 * each failing or not on its own; a failure without the database's answer (the connection
 * lost) is each add's failure, as it would have been alone. A single add, or adds in a
 * transaction of the caller's, are made one by one from the start.
 */
export async function addUnitsTogether(
  ex: Executor,
  adds: readonly AddOfMany[],
  ceilings: CartCeilings,
): Promise<{ settled: Settled<CountedReservation>[]; told: number | null }> {
  let told = 0;
  const tell = () => {
    told++;
    changed.catalog(ex, { stockOf: [...new Set(adds.map((a) => a.line.productId))] });
  };
  const oneByOne = async () => {
    const settled: Settled<CountedReservation>[] = [];
    for (const { line, counters } of adds) {
      try {
        settled.push({ ok: true, value: await addUnits(ex, line, ceilings, counters) });
      } catch (error) {
        settled.push({ ok: false, error });
      }
    }
    // Each add told its own changes: not counted here (null).
    return { settled, told: null };
  };
  if (adds.length < 2 || ex instanceof PgTransaction) return oneByOne();
  const payload = adds.map(({ line, counters }) => ({
    keys: counters.keys,
    windows: counters.windows,
    limits: counters.limits,
    cart_id: line.cartId,
    user_id: line.userId,
    product_id: line.productId,
    variant: line.variant,
    quantity: line.quantity,
    item_max: ceilings.itemMax,
    cart_max: ceilings.cartMax,
    hold_max: ceilings.holdMaxMinutes,
  }));
  let rows: Array<CartAddRow & { paying?: true }>;
  try {
    const [answer] = rowsOf<{ answers: Array<CartAddRow & { paying?: true }> }>(
      await ex.execute(
        sql`select cart_add_many(${JSON.stringify(payload)}::json, ${isPostgresDatabase(ex)}) as answers`,
      ),
    );
    rows = answer?.answers ?? [];
  } catch (error) {
    // Refused by the database (its error answer; a lock waited for past the statement's
    // lock_timeout among them): its transaction did nothing. Otherwise (the connection lost or
    // ended: no answer, or class 08 or 57) a commit whose answer was lost may have taken units:
    // told, and each add fails as it would have alone.
    if (refusedByDatabase(error)) return oneByOne();
    tell();
    return { settled: adds.map(() => ({ ok: false, error })), told };
  }
  if (rows.some((row) => row.reserved_quantity != null) || rows.length !== adds.length) tell();
  if (rows.length !== adds.length) throw new Error('cart_add_many answered a different count');
  const settled = rows.map((row): Settled<CountedReservation> =>
    row.paying
      ? { ok: false, error: new CheckoutOpenError() }
      : { ok: true, value: countedOf(row) },
  );
  return { settled, told };
}

/** A variant's stock now; null when the product has no such variant. */
export async function variantStock(
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

/**
 * The line's quantity, with `forUpdate` locked until the transaction ends; null when the cart
 * has no such line.
 */
export async function lineQuantity(
  ex: Executor,
  cartId: string,
  productId: string,
  variant: string,
  forUpdate = false,
): Promise<number | null> {
  const query = ex
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(lineKey(cartId, productId, variant));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ? row.quantity : null;
}

export const lockLine = (ex: Executor, cartId: string, productId: string, variant: string) =>
  lineQuantity(ex, cartId, productId, variant, true);

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

const cartStateStatement = selectFrom(
  'cart_state',
  stateFields,
  sql`cart_state(${value('cartId')}::text)`,
);

/**
 * The cart's lines with today's product data (in the order they were first added) and when it
 * was last used, in one statement (`cart_state`, migration 0009); no lines and null when the
 * cart does not exist yet.
 */
export async function readCartState(ex: Executor, cartId: string): Promise<CartState> {
  return stateOrEmpty(await cartStateStatement(ex).execute({ cartId }));
}

const holdStatement = selectFrom(
  'cart_hold',
  stateFields,
  sql`cart_hold(${value('cartId')}::text, ${value('userId')}::uuid)`,
);

/**
 * `touchCart`, then `readCartState`, in one round trip (`cart_hold`, migration 0011): what
 * checkout does first. The read sees every change to the cart committed before the lock.
 */
export async function holdCart(
  ex: Executor,
  cartId: string,
  userId: string | null,
): Promise<CartState> {
  return stateOrEmpty(await holdStatement(ex).execute({ cartId, userId }));
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
  await telling(lockAndReturn(ex, rows), () =>
    changed.catalog(ex, { stockOf: [...new Set(rows.map((r) => r.productId))] }),
  );
}

async function lockAndReturn(ex: Executor, rows: readonly HeldUnits[]) {
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
  const taking = ex.execute(sql`
      with old as (
        select stock from product_variants
        where product_id = ${productId} and variant = ${variant} for update
      )
      update product_variants pv set stock = greatest(pv.stock - ${wanted}::int, 0)
      from old
      where pv.product_id = ${productId} and pv.variant = ${variant}
      returning greatest(${wanted}::int - old.stock, 0)::int as missing`);
  const [row] = rowsOf<{ missing: number }>(
    await telling(taking, () => changed.catalog(ex, { stockOf: [productId] })),
  );
  return row ? Number(row.missing) : wanted;
}
