/** Everything the demo seed inserts, built in memory first so the transaction stays short. */
import type { Config } from '../config';
import type { Tx } from '../db/client';
import { changed } from '../db/changed';
import { couponUses, coupons } from '../db/schema/coupons';
import { orderLines, orders } from '../db/schema/orders';
import { productVariants, products } from '../db/schema/products';
import { users } from '../db/schema/users';
import { buildCatalog, type DemoProduct } from './catalog';
import { buildCoupons, type CouponRow } from './coupons';
import { buildOrders, type DemoOrders } from './orders';
import { applyDemoPreorders } from './preorders';
import { buildUsers, type DemoUsers } from './users';

export interface DemoData {
  users: DemoUsers;
  catalog: DemoProduct[];
  coupons: CouponRow[];
  orders: DemoOrders;
}

export async function buildDemoData(config: Config, now: Date): Promise<DemoData> {
  const catalog = buildCatalog(now);
  applyDemoPreorders(catalog, now);
  const demoUsers = await buildUsers(config, now);
  const demoCoupons = buildCoupons(now);
  const demoOrders = buildOrders(now, catalog, demoUsers.shoppers, demoCoupons);
  // units_sold counts at least every unit the demo orders contain.
  for (const product of catalog)
    product.row.unitsSold += demoOrders.unitsOrdered.get(product.row.id) ?? 0;
  return { users: demoUsers, catalog, coupons: demoCoupons, orders: demoOrders };
}

/** One multi-row insert per table, parents before children, inside the caller's transaction. */
export async function writeDemoData(tx: Tx, data: DemoData): Promise<void> {
  await tx.insert(users).values(data.users.rows);
  await tx.insert(products).values(data.catalog.map((p) => p.row));
  await tx.insert(productVariants).values(data.catalog.flatMap((p) => p.variants));
  await tx.insert(coupons).values(data.coupons);
  await tx.insert(orders).values(data.orders.orders);
  await tx.insert(orderLines).values(data.orders.lines);
  if (data.orders.couponUses.length > 0) await tx.insert(couponUses).values(data.orders.couponUses);
  changed.users(tx);
  changed.catalog(tx, 'all');
}
