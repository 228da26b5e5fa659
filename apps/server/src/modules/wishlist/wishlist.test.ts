/**
 * The wishlist and the alerts as a shopper and staff see them (decision 168): saving and
 * removing, one shopper's rows out of another's reach, the limits however many calls arrive at
 * once, which variants an alert may wait for, and the dashboard's counts.
 */
import {
  MOST_WANTED_SIZE,
  STOCK_ALERTS_MAX,
  WISHLIST,
  WISHLIST_MAX,
  type MostWantedResponse,
  type ProductInterestResponse,
  type WishlistKeysResponse,
  type WishlistResponse,
} from '@otaku/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  signedInShopper,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';
import { useTestApp } from '../../../test/helpers';
import { createAccount, type TestAccount } from '../../../test/staff';

const t = useTestApp();
let tee: ProductFixture;
let comic: ProductFixture;
let admin: TestAccount;

beforeAll(async () => {
  tee = await createProduct(t.database.db, {
    id: 'CLO-WISH01',
    category: 'clothes',
    stock: { S: 0, M: 0, L: 4 },
  });
  comic = await createProduct(t.database.db, {
    id: 'COM-WISH02',
    category: 'comics',
    stock: { V1: 0 },
  });
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
});

const call = (
  who: { headers: Record<string, string> },
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });
const save = (who: Shopper, id: string) => call(who, 'PUT', `/wishlist/${id}`);
const unsave = (who: Shopper, id: string) => call(who, 'DELETE', `/wishlist/${id}`);
const ask = (who: Shopper, productId: string, variant: string) =>
  call(who, 'POST', '/stock-alerts', { productId, variant });
const cancel = (who: Shopper, productId: string, variant: string) =>
  call(who, 'DELETE', '/stock-alerts', { productId, variant });
const keys = async (who: Shopper) =>
  (await call(who, 'GET', '/wishlist/keys')).json<WishlistKeysResponse>();
const list = async (who: Shopper) => (await call(who, 'GET', '/wishlist')).json<WishlistResponse>();

/** Fills the shopper's wishlist with `count` new products, straight into the database. */
async function fillWishlist(who: Shopper, count: number) {
  const ids = Array.from({ length: count }, (_, i) =>
    `TOY-F${who.id.slice(0, 4)}${i}`.toUpperCase(),
  );
  await t.database.db.execute(sql`
    insert into products (id, name, description, price_cents, category, image)
    select id, 'Filler ' || id, 'x', 100, 'toys', '/uploads/products/' || id
    from unnest(${sql`array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]`}) id`);
  await t.database.db.execute(sql`
    insert into wishlist_items (user_id, product_id)
    select ${who.id}, id from unnest(${sql`array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]`}) id`);
}

describe('the wishlist', () => {
  it('saves a product once, lists it with its price and stock, and removes it', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const saved = await save(shopper, tee.id.toLowerCase());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, message: WISHLIST.saved });
    expect((await save(shopper, tee.id)).statusCode).toBe(200);

    expect((await keys(shopper)).productIDs).toEqual([tee.id]);
    const page = await list(shopper);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.product).toMatchObject({
      productID: tee.id,
      price: 19.99,
      inStock: true,
      stock: { S: 0, M: 0, L: 4 },
    });
    expect(page.maxItems).toBe(WISHLIST_MAX);

    const removed = await unsave(shopper, tee.id);
    expect(removed.json()).toEqual({ success: true, message: WISHLIST.removed });
    expect((await keys(shopper)).productIDs).toEqual([]);
    expect((await unsave(shopper, tee.id)).statusCode).toBe(200);
  });

  it('refuses a product that does not exist', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const res = await save(shopper, 'TOY-NOPE00');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(WISHLIST.productNotFound);
  });

  it("is its owner's alone: nobody else reads, removes or cancels their entries", async () => {
    const owner = await signedInShopper(t.database.db, t.config);
    const other = await signedInShopper(t.database.db, t.config);
    await save(owner, tee.id);
    expect((await ask(owner, tee.id, 'M')).statusCode).toBe(201);

    expect(await keys(other)).toEqual({ success: true, productIDs: [], alerts: [] });
    expect((await list(other)).items).toEqual([]);
    // The other shopper's removals name the same product and variant: only their own rows go.
    expect((await unsave(other, tee.id)).statusCode).toBe(200);
    expect((await cancel(other, tee.id, 'M')).statusCode).toBe(200);

    expect(await keys(owner)).toEqual({
      success: true,
      productIDs: [tee.id],
      alerts: [{ productID: tee.id, variant: 'M' }],
    });
  });

  it(`holds at most ${WISHLIST_MAX} products, however many saves arrive at once`, async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    await fillWishlist(shopper, WISHLIST_MAX - 10);
    const extra = Array.from({ length: 30 }, (_, i) =>
      `TOY-X${shopper.id.slice(0, 4)}${i}`.toUpperCase(),
    );
    for (const id of extra) await createProduct(t.database.db, { id });

    const answers = await Promise.all(extra.map((id) => save(shopper, id)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(WISHLIST.full);
    expect((await keys(shopper)).productIDs).toHaveLength(WISHLIST_MAX);

    // A product already saved is not refused at the limit, and removing one makes room.
    const kept = (await keys(shopper)).productIDs[0]!;
    expect((await save(shopper, kept)).statusCode).toBe(200);
    await unsave(shopper, kept);
    expect((await save(shopper, tee.id)).statusCode).toBe(200);
  });
});

describe('back-in-stock alerts', () => {
  it('wait for a sold-out variant only: one in stock, or none, is refused', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const inStock = await ask(shopper, tee.id, 'L');
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().message).toBe(WISHLIST.inStock);
    const noSize = await ask(shopper, tee.id, 'XXL');
    expect(noSize.statusCode).toBe(404);
    expect(noSize.json().message).toBe(WISHLIST.variantNotFound);
    const noProduct = await ask(shopper, 'CLO-NOPE00', 'M');
    expect(noProduct.statusCode).toBe(404);
    expect(noProduct.json().message).toBe(WISHLIST.productNotFound);

    const asked = await ask(shopper, tee.id, 'S');
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toEqual({ success: true, message: WISHLIST.alertCreated });
    expect((await ask(shopper, tee.id, 'S')).statusCode).toBe(201);
    const page = await list(shopper);
    expect(page.alerts).toEqual([
      expect.objectContaining({ productID: tee.id, variant: 'S', name: tee.name }),
    ]);

    expect((await cancel(shopper, tee.id, 'S')).json().message).toBe(WISHLIST.alertCancelled);
    expect((await keys(shopper)).alerts).toEqual([]);
  });

  it(`are at most ${STOCK_ALERTS_MAX} waiting per shopper, however many arrive at once`, async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const volumes = Object.fromEntries(
      Array.from({ length: STOCK_ALERTS_MAX + 10 }, (_, i) => [`V${i + 1}`, 0]),
    );
    const set = await createProduct(t.database.db, { category: 'comics', stock: volumes });
    const answers = await Promise.all(Object.keys(volumes).map((v) => ask(shopper, set.id, v)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(STOCK_ALERTS_MAX);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.json().message).toBe(WISHLIST.alertsFull);
    expect((await keys(shopper)).alerts).toHaveLength(STOCK_ALERTS_MAX);
  });
});

describe("the dashboard's counts", () => {
  it('show per product how many saved it and wait for each variant, and the most wanted', async () => {
    const product = await createProduct(t.database.db, {
      category: 'shoes',
      stock: { '40': 0, '41': 0, '42': 1 },
    });
    const shoppers = await Promise.all(
      [1, 2, 3].map(() => signedInShopper(t.database.db, t.config)),
    );
    for (const s of shoppers) await save(s, product.id);
    for (const s of shoppers) await ask(s, product.id, '40');
    await ask(shoppers[0]!, product.id, '41');

    const interest = await call(
      admin,
      'GET',
      `/product/wishlistInterest?ids=${product.id},${comic.id}`,
    );
    expect(interest.statusCode).toBe(200);
    expect(interest.json<ProductInterestResponse>().interest).toEqual([
      {
        productID: product.id,
        saved: 3,
        waiting: 4,
        variants: [
          { variant: '40', waiting: 3 },
          { variant: '41', waiting: 1 },
        ],
      },
      { productID: comic.id, saved: 0, waiting: 0, variants: [] },
    ]);

    const wanted = (await call(admin, 'GET', '/product/mostWanted')).json<MostWantedResponse>();
    expect(wanted.products.length).toBeLessThanOrEqual(MOST_WANTED_SIZE);
    expect(wanted.products.find((p) => p.productID === product.id)).toMatchObject({
      name: product.name,
      saved: 3,
      waiting: 4,
    });
    const waiting = wanted.products.map((p) => p.waiting);
    expect(waiting).toEqual([...waiting].sort((a, b) => b - a));
  });

  it('are for staff only, and take a page of products at most', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    expect((await call(shopper, 'GET', '/product/mostWanted')).statusCode).toBe(403);
    const ids = Array.from({ length: 21 }, (_, i) => `TOY-AAAA${String(i).padStart(2, '0')}`);
    const res = await call(admin, 'GET', `/product/wishlistInterest?ids=${ids.join(',')}`);
    expect(res.statusCode).toBe(400);
  });
});
