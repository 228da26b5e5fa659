/**
 * The wishlist's and the alerts' queries (decision 168). Only queries: the rules, limits and
 * transactions live in wishlist.service.ts.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { PRODUCT_COLUMNS, PRODUCT_VARIANTS, type ProductRow } from '../catalog/catalog.repo';

const rows = async <T>(ex: Executor, statement: ReturnType<typeof sql>) =>
  rowsOf<T>(await ex.execute(statement));

/**
 * Takes the shopper's row lock (FOR NO KEY UPDATE, which rows referencing the user do not wait
 * for): their wishlist and alert changes run one after the other, so a count then an insert
 * keeps to the limit whatever the number of calls at once. False when the user is gone.
 */
export async function lockShopper(tx: Executor, userId: string): Promise<boolean> {
  const found = await rows(tx, sql`select 1 from users where id = ${userId} for no key update`);
  return found.length === 1;
}

export async function productExists(ex: Executor, productId: string): Promise<boolean> {
  return (await rows(ex, sql`select 1 from products where id = ${productId}`)).length === 1;
}

export async function countSaved(ex: Executor, userId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from wishlist_items where user_id = ${userId}`,
  );
  return Number(row?.n ?? 0);
}

export async function isSaved(ex: Executor, userId: string, productId: string): Promise<boolean> {
  const found = await rows(
    ex,
    sql`select 1 from wishlist_items where user_id = ${userId} and product_id = ${productId}`,
  );
  return found.length === 1;
}

export async function insertSaved(ex: Executor, userId: string, productId: string) {
  await ex.execute(sql`
    insert into wishlist_items (user_id, product_id) values (${userId}, ${productId})
    on conflict do nothing`);
}

export async function deleteSaved(ex: Executor, userId: string, productId: string) {
  await ex.execute(
    sql`delete from wishlist_items where user_id = ${userId} and product_id = ${productId}`,
  );
}

/** The shopper's saved productIDs and waiting alerts, nothing else: small and per shopper. */
export async function keysOf(ex: Executor, userId: string) {
  const saved = await rows<{ id: string }>(
    ex,
    sql`select product_id as id from wishlist_items where user_id = ${userId}
        order by created_at desc, product_id`,
  );
  const alerts = await rows<{ productID: string; variant: string }>(
    ex,
    sql`select product_id as "productID", variant from stock_alerts
        where user_id = ${userId} and notified_at is null order by id`,
  );
  return { productIDs: saved.map((r) => r.id), alerts };
}

/** The shopper's saved products with today's data and stock, newest saved first. */
export async function savedProducts(ex: Executor, userId: string) {
  return rows<ProductRow & { savedAt: string | Date }>(
    ex,
    sql`
    select ${PRODUCT_COLUMNS}, ${PRODUCT_VARIANTS} as variants,
      w.created_at as "savedAt"
    from wishlist_items w join products p on p.id = w.product_id
    where w.user_id = ${userId}
    order by w.created_at desc, p.id`,
  );
}

/** The shopper's waiting alerts, in the order they asked. */
export async function waitingAlerts(ex: Executor, userId: string) {
  return rows<{
    productID: string;
    name: string;
    variant: string;
    image: string;
    askedAt: string | Date;
  }>(
    ex,
    sql`
    select a.product_id as "productID", p.name, a.variant, p.image, a.created_at as "askedAt"
    from stock_alerts a join products p on p.id = a.product_id
    where a.user_id = ${userId} and a.notified_at is null
    order by a.id`,
  );
}

/**
 * The variant's stock, with a share lock held until the caller's transaction ends: a stock
 * rise waits for a new alert to commit, so its trigger sees it. Null: no such variant.
 */
export async function lockVariantStock(
  tx: Executor,
  productId: string,
  variant: string,
): Promise<number | null> {
  const [row] = await rows<{ stock: number }>(
    tx,
    sql`select stock from product_variants
        where product_id = ${productId} and variant = ${variant} for share`,
  );
  return row ? Number(row.stock) : null;
}

export async function countWaiting(ex: Executor, userId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from stock_alerts
        where user_id = ${userId} and notified_at is null`,
  );
  return Number(row?.n ?? 0);
}

/** Adds a waiting alert; nothing when the shopper already waits for that variant. */
export async function insertAlert(
  ex: Executor,
  userId: string,
  productId: string,
  variant: string,
) {
  await ex.execute(sql`
    insert into stock_alerts (user_id, product_id, variant)
    values (${userId}, ${productId}, ${variant})
    on conflict (user_id, product_id, variant) where notified_at is null do nothing`);
}

export async function deleteWaitingAlert(
  ex: Executor,
  userId: string,
  productId: string,
  variant: string,
) {
  await ex.execute(sql`
    delete from stock_alerts
    where user_id = ${userId} and product_id = ${productId} and variant = ${variant}
      and notified_at is null`);
}

/** Every alert of the shopper whose mail has not gone out: waiting, or due but unsent. */
export async function deleteUnsentAlerts(ex: Executor, userId: string) {
  await ex.execute(sql`delete from stock_alerts where user_id = ${userId} and sent_at is null`);
}

export interface InterestRow {
  productID: string;
  saved: number;
  variants: Array<{ variant: string; waiting: number }>;
}

/** Staff: how many saved each product and wait for each of its variants (index lookups). */
export async function interestOf(ex: Executor, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  const ids = sql`array[${sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  return rows<InterestRow>(
    ex,
    sql`
    select p.id as "productID",
      (select count(*)::int from wishlist_items w where w.product_id = p.id) as saved,
      coalesce((select json_agg(json_build_object('variant', v.variant, 'waiting', v.n)
          order by v.variant)
        from (select a.variant, count(*)::int as n from stock_alerts a
          where a.product_id = p.id and a.notified_at is null group by a.variant) v),
        '[]'::json) as variants
    from unnest(${ids}) as p(id)`,
  );
}

/** Staff: the products with the most shoppers waiting, then the most saved. */
export async function mostWanted(ex: Executor, limit: number) {
  return rows<InterestRow & { name: string }>(
    ex,
    sql`
    with waiting as (
      select a.product_id, count(*)::int as n from stock_alerts a
      where a.notified_at is null group by a.product_id
      order by n desc, a.product_id limit ${limit}
    )
    select p.id as "productID", p.name,
      (select count(*)::int from wishlist_items w where w.product_id = p.id) as saved,
      coalesce((select json_agg(json_build_object('variant', v.variant, 'waiting', v.n)
          order by v.variant)
        from (select a.variant, count(*)::int as n from stock_alerts a
          where a.product_id = p.id and a.notified_at is null group by a.variant) v),
        '[]'::json) as variants
    from waiting join products p on p.id = waiting.product_id
    order by waiting.n desc, p.id`,
  );
}
